import { expect, test } from "@playwright/test";
import { readFixtures } from "../support/fixtures-data";
import { hydrated } from "../support/hydration";
import { extraPort } from "../support/settings";
import { scratchDatabase } from "../reliability/scratch-server";
import { signInViaApi } from "../support/sign-in";
import { signInAs, signUp } from "../support/ui";

test("without SMTP_URL mail is kept in the owners' outbox (empty state first) and printed to the console; its link works", async ({
  browser,
}) => {
  // A database of its own (PostgreSQL or embedded): on a shared one the suite's server, which has
  // SMTP, would claim and send this server's mail.
  const { demoOwner } = readFixtures();
  const scratch = await scratchDatabase("outbox", {
    SMTP_URL: "",
    SEED_OWNER_EMAIL: demoOwner.email,
    SEED_OWNER_PASSWORD: demoOwner.password,
  });
  const server = await scratch.start(extraPort(2));
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    // The fresh demo account has had no mail yet.
    await signInViaApi(page.request, server.url, demoOwner.email, demoOwner.password);
    await page.goto("/test/settings/outbox");
    await expect(page.getByText("No mail yet")).toBeVisible();
    await expect(page.getByText("No SMTP server is configured (SMTP_URL)")).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("outbox-empty-390.png"), fullPage: true });
    await context.clearCookies();

    const email = `outbox.${Date.now().toString(36)}@e2e.tollgate.test`;
    const password = "a long enough passphrase";
    await signUp(page, { accountName: "Outbox Co", name: "Otto Outbox", email, password });
    await expect(page.getByTestId("sign-up-sent")).toBeVisible();
    // A new owner confirms before signing in, so on a machine without SMTP the link is read from the console.
    await expect
      .poll(() => server.output())
      .toContain(
        `Mail (no SMTP_URL; kept in the dev outbox) to ${email}: Confirm your email address for Tollgate`,
      );
    const link = new RegExp(`${server.url}/verify-email/[A-Za-z0-9]+`).exec(server.output())?.[0];
    expect(link, server.output()).toBeDefined();
    await page.goto(link!);
    await (await hydrated(page.getByRole("button", { name: "Confirm my email" }))).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await signInViaApi(page.request, server.url, email, password);
    await page.goto("/test");
    await expect(page.getByTestId("verify-email-banner")).toHaveCount(0);
    await page.getByRole("link", { name: "Settings" }).click();
    await page.getByRole("link", { name: "Outbox" }).click();
    const mail = page
      .getByTestId("outbox-mail")
      .filter({ hasText: "Confirm your email address for Tollgate" });
    await expect(mail).toContainText(`To ${email}`);
    await expect(mail.getByText("sent", { exact: true })).toBeVisible();
    await mail.locator("summary").click();
    await expect(mail.locator("pre")).toContainText(link!);
    await page.screenshot({ path: test.info().outputPath("outbox-mail-390.png"), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } finally {
    await context.close();
    await server.stop();
    await scratch.drop();
  }
});

test("only owners see the outbox", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/test/settings");
  await expect(page.getByRole("link", { name: "Outbox" })).toHaveCount(0);
  await page.goto("/test/settings/outbox");
  await expect(page.getByText("You don't have access to this page")).toBeVisible();
});
