import { expect, test, type Page } from "@playwright/test";
import { readFixtures } from "../support/fixtures-data";
import { actionArgs, captureServerAction, replayServerAction } from "../support/server-action";
import { passReauthIfAsked } from "../support/reauth";
import { signInAs } from "../support/ui";

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const entries = (page: Page) => page.getByTestId("audit-entry");
const cell = (page: Page, text: string, column: number) =>
  entries(page).filter({ hasText: text }).first().locator("td").nth(column);

test("owners and admins see who did what: users by email, keys by name, the system; newest first; live stays in live", async ({
  page,
  browser,
}) => {
  const fixtures = readFixtures();
  const a = fixtures.accounts.a;
  const tag = unique();

  // A developer creates and revokes a test key and creates a live one.
  const devContext = await browser.newContext();
  const dev = await devContext.newPage();
  await signInAs(dev, "developer");
  for (const [mode, name] of [
    ["test", `Audit probe ${tag}`],
    ["live", `Audit live ${tag}`],
  ] as const) {
    await dev.goto(`/${mode}/developers`);
    await dev.getByRole("button", { name: `Create ${mode} key` }).click();
    await dev.getByRole("dialog").getByLabel("Name").fill(name);
    await dev.getByRole("dialog").getByRole("button", { name: "Create key" }).click();
    // A live key asks the developer to confirm it is them first.
    await passReauthIfAsked(dev, a.users.developer.password, dev.getByTestId("new-api-key"));
    await dev.getByRole("dialog").getByRole("button", { name: "I have stored it" }).click();
  }
  await dev.goto("/test/developers");
  await dev.getByRole("button", { name: `Revoke key Audit probe ${tag}` }).click();
  await dev.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(
    dev
      .getByRole("row")
      .filter({ hasText: `Audit probe ${tag}` })
      .getByText("Revoked"),
  ).toBeVisible();
  await devContext.close();

  // The API, through the fixture's test key, creates a merchant.
  const created = await page.request.post("/v1/merchants", {
    headers: { "Api-Key": a.keys.test, "Idempotency-Key": `audit-${tag}` },
    data: { merchantName: `Audit Merchant ${tag}`, merchantEmail: "audit@example.com" },
  });
  expect(created.status()).toBe(201);
  const merchantId = ((await created.json()) as { merchant: { id: string } }).merchant.id;

  await signInAs(page, "admin");
  await page.goto("/test");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page).toHaveURL(/\/test\/audit-log$/);
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();

  await expect(cell(page, merchantId, 1)).toHaveText("API key “e2e test”");
  await expect(cell(page, merchantId, 2)).toContainText("merchant.created");
  await expect(cell(page, `Audit probe ${tag}`, 1)).toHaveText(a.users.developer.email);

  // Newest first: the merchant (last done) comes before the revocation, which comes before the creation.
  const actions = await entries(page).locator("td:nth-child(3) code").allTextContents();
  const firstOf = (action: string) => actions.indexOf(action);
  expect(actions[0]).toBe("merchant.created");
  expect(firstOf("api_key.revoked")).toBeLessThan(actions.lastIndexOf("api_key.created"));
  const revoked = entries(page)
    .filter({ hasText: "api_key.revoked" })
    .filter({ hasText: `Audit probe ${tag}` });
  await expect(revoked).toHaveCount(1);
  // Live-mode changes stay out of test mode's log.
  await expect(entries(page).filter({ hasText: `Audit live ${tag}` })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("audit-log.png"), fullPage: true });

  await page.getByLabel("Action").selectOption("api_key.revoked");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/\?action=api_key.revoked$/);
  await expect(entries(page).filter({ hasText: `Audit probe ${tag}` })).toHaveCount(1);
  expect(new Set(await entries(page).locator("td:nth-child(3) code").allTextContents())).toEqual(
    new Set(["api_key.revoked"]),
  );
  await page.screenshot({ path: test.info().outputPath("audit-log-filtered.png"), fullPage: true });

  // The fixtures' keys were made by the seeding script, which is "System".
  await page.goto("/test/audit-log?action=api_key.created");
  await expect(cell(page, "e2e status reader", 1)).toHaveText("System");

  await page.goto("/live/audit-log");
  await expect(entries(page).filter({ hasText: `Audit live ${tag}` })).toHaveCount(1);
  await expect(entries(page).filter({ hasText: `Audit probe ${tag}` })).toHaveCount(0);
});

test("team changes appear in both modes' logs as account-wide entries", async ({ page }) => {
  const email = `audited.${unique()}@e2e.tollgate.test`;
  await signInAs(page, "owner");
  await page.goto("/test/team");
  await page.getByRole("button", { name: "Invite member" }).click();
  await page.getByRole("dialog").getByLabel("Email").fill(email);
  await page.getByRole("dialog").getByRole("button", { name: "Create invitation" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();
  await page.getByRole("button", { name: `Revoke invitation for ${email}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke invitation" }).click();
  await expect(page.getByTestId(`invitation-${email}`)).toHaveCount(0);

  const owner = readFixtures().accounts.a.users.owner.email;
  for (const mode of ["test", "live"]) {
    await page.goto(`/${mode}/audit-log`);
    const forEmail = entries(page).filter({ hasText: email });
    await expect(forEmail).toHaveCount(2);
    await expect(forEmail.nth(0).locator("td").nth(2)).toContainText("team.invitation_revoked");
    await expect(forEmail.nth(0).locator("td").nth(2)).toContainText("account");
    await expect(forEmail.nth(1).locator("td").nth(2)).toContainText("team.member_invited");
    await expect(forEmail.nth(1).locator("td").nth(2)).toContainText(`email: ${email}`);
    await expect(forEmail.nth(1).locator("td").nth(2)).toContainText("role: developer");
    await expect(forEmail.nth(1).locator("td").nth(1)).toHaveText(owner);
  }
});

test("the log pages by keyset: 50 per page, older pages continue without overlap and keep the filter", async ({
  page,
}) => {
  await signInAs(page, "owner", "b");
  await page.goto("/test/developers");
  await page.getByRole("button", { name: "Create App-Id" }).click();
  await page.getByRole("dialog").getByLabel("Name").fill("page probe 0");
  const create = await captureServerAction(page, () =>
    page.getByRole("dialog").getByRole("button", { name: "Create App-Id" }).click(),
  );
  const mode = actionArgs(create)[0]!.mode;
  for (let i = 1; i <= 60; i++)
    expect(await replayServerAction(page, create, [{ name: `page probe ${i}`, mode }])).toContain("app_");

  await page.goto("/test/audit-log?action=public_app.created");
  await expect(entries(page)).toHaveCount(50);
  const first = await entries(page).allTextContents();
  expect(first[0]).toContain("page probe 60");
  await page.getByRole("link", { name: "Older →" }).click();
  await expect(page).toHaveURL(/action=public_app.created&cursor=/);
  await expect(entries(page).first()).toContainText("page probe 10");
  await expect(entries(page)).toHaveCount(11);
  const second = await entries(page).allTextContents();
  expect(second.filter((row) => first.includes(row))).toEqual([]);
  await expect(page.getByRole("link", { name: "Older →" })).toHaveCount(0);
  await expect(entries(page).filter({ hasText: "page probe 0" })).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath("audit-log-page-2.png"), fullPage: true });
  await page.getByRole("link", { name: "← Newest" }).click();
  await expect(entries(page).first()).toContainText("page probe 60");
});

test("developers and support do not get the audit log, in the menu or by URL", async ({ page }) => {
  for (const role of ["developer", "support"] as const) {
    await signInAs(page, role);
    await page.goto("/test");
    await expect(
      page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Audit log" }),
    ).toHaveCount(0);
    await page.goto("/test/audit-log");
    await expect(page.getByText("You don't have access to this page")).toBeVisible();
    await expect(entries(page)).toHaveCount(0);
  }
  await page.screenshot({ path: test.info().outputPath("audit-log-no-access.png") });
});

test("the audit log works at 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, "owner");
  await page.goto("/test/audit-log");
  await expect(entries(page).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("audit-log-390.png"), fullPage: true });
});
