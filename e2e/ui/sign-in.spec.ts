import { expect, test } from "@playwright/test";
import { readFixtures } from "../support/fixtures-data";
import { expectCookiesSignedOut } from "../support/ui";
import { hydrated } from "../support/hydration";

test("the home page leads to sign-in, the seeded owner lands on the test-mode overview, and signing out ends the session", async ({
  page,
  browser,
}) => {
  const { demoOwner } = readFixtures();
  await page.goto("/");
  await expect(
    page.getByRole("heading", { name: "Accept wallet payments. Settle where you choose." }),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("home.png"), fullPage: true });

  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByLabel("Email").fill(demoOwner.email);
  await page.getByLabel("Password").fill(demoOwner.password);
  await page.screenshot({ path: test.info().outputPath("sign-in.png") });
  await (await hydrated(page.getByRole("button", { name: "Sign in" }))).click();

  await expect(page).toHaveURL(/\/test$/);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByTestId("account-name")).toHaveText("Demo Store");
  await expect(page.getByTestId("user-email")).toHaveText(demoOwner.email);
  await expect(page.getByRole("status")).toContainText("TEST MODE");
  await page.screenshot({ path: test.info().outputPath("overview-test.png"), fullPage: true });

  await page.getByRole("link", { name: "Live mode" }).click();
  await expect(page).toHaveURL(/\/live$/);
  await expect(page.getByRole("status")).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("overview-live.png"), fullPage: true });

  // A copy of the session cookie, as someone who read it off this machine would keep it.
  const copied = await page.context().cookies();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto("/test");
  await expect(page).toHaveURL(/\/sign-in/);
  // Signing out ended the session on the server: the copied cookie signs no one in.
  await expectCookiesSignedOut(browser, copied);
});

test("a wrong password is refused with a message, and empty fields are flagged beside them", async ({
  page,
}) => {
  const { demoOwner } = readFixtures();
  await page.goto("/sign-in");
  await (await hydrated(page.getByRole("button", { name: "Sign in" }))).click();
  await expect(page.getByText("Enter a valid email address.")).toBeVisible();
  await expect(page.getByText("Enter your password.")).toBeVisible();

  await page.getByLabel("Email").fill(demoOwner.email);
  await page.getByLabel("Password").fill("not-the-password");
  await (await hydrated(page.getByRole("button", { name: "Sign in" }))).click();
  await expect(page.getByText("That email and password do not match an account.")).toHaveRole("alert");
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.screenshot({ path: test.info().outputPath("sign-in-error.png") });
});

test("signed-out visitors are sent to sign-in, and unknown modes are a 404", async ({ page }) => {
  await page.goto("/live");
  await expect(page).toHaveURL(/\/sign-in/);
  const response = await page.goto("/staging");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page does not exist." })).toBeVisible();
});

test("a form submitted before the page's script runs (or with JavaScript off) never puts a password or an email in the URL", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const secret = "not-in-any-url-1234";
  for (const [path, button] of [
    ["/sign-in", "Sign in"],
    ["/sign-up", "Create account"],
    ["/forgot-password", "Send reset link"],
  ] as const) {
    await page.goto(path);
    for (const field of await page
      .locator("input:is([type=email], [type=password], [type=text], :not([type]))")
      .all())
      await field.fill((await field.getAttribute("type")) === "email" ? "someone@e2e.tollgate.test" : secret);
    await page.getByRole("button", { name: button }).click();
    await page.waitForLoadState();
    expect(page.url(), path).toBe(new URL(path, page.url()).href);
  }
  await context.close();
});
