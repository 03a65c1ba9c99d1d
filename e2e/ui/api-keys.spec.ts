import { expect, test, type Page } from "@playwright/test";
import { readFixtures } from "../support/fixtures-data";
import { passReauthIfAsked } from "../support/reauth";
import { actionArgs, captureServerAction, replayServerAction } from "../support/server-action";
import { signInAs } from "../support/ui";

const unique = () => Date.now().toString(36);

async function createKey(page: Page, name: string) {
  await page.getByRole("button", { name: /^Create (test|live) key$/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Create key" }).click();
  // A live key needs the password again (all of account A's people share one).
  await passReauthIfAsked(
    page,
    readFixtures().accounts.a.users.owner.password,
    dialog.getByRole("heading", { name: "Copy your new API key" }),
  );
  return dialog;
}

test("a developer creates a key: shown once in full, works against /v1, then only masked; revoking it gets 401 at once", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const developer = await signInAs(page, "developer");
  await page.goto("/test/developers");
  await expect(
    page.getByRole("navigation", { name: "Developers" }).getByRole("link", { name: "API keys" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("api-keys-desktop.png"), fullPage: true });

  // The name is required, and the error sits beside the field.
  await page.getByRole("button", { name: "Create test key" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Create key" }).click();
  await expect(page.getByRole("dialog").getByText("Give it a name, e.g. where it is used.")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

  const name = `Checkout server ${unique()}`;
  const dialog = await createKey(page, name);
  await expect(dialog.getByRole("alert")).toContainText("This is the only time the full key is shown.");
  const key = await dialog.getByTestId("new-api-key").inputValue();
  expect(key).toMatch(/^svc_test_[0-9A-Za-z]{32}$/);
  await page.screenshot({ path: test.info().outputPath("api-key-shown-once.png") });
  await dialog.getByRole("button", { name: /^Copy key/ }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  const before = await page.request.get("/v1/merchants", { headers: { "Api-Key": key } });
  expect(before.status()).toBe(200);
  expect(await before.json()).toHaveProperty("data");

  // Escape before confirming asks first; the key stays on screen unless the user insists.
  await page.keyboard.press("Escape");
  await expect(dialog.getByRole("alertdialog")).toContainText(
    "Close without keeping it? It cannot be shown again.",
  );
  await page.screenshot({ path: test.info().outputPath("api-key-close-unconfirmed.png") });
  await dialog.getByRole("button", { name: "Keep it open" }).click();
  await expect(dialog.getByTestId("new-api-key")).toHaveValue(key);
  await dialog.getByRole("button", { name: "I have stored it" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText(`${key.slice(0, 17)}…${key.slice(-4)}`);
  await expect(row).toContainText(developer.email);
  await expect(row.getByText("Active")).toBeVisible();
  await page.reload();
  expect(await page.content()).not.toContain(key);
  // The key was used above, so it no longer says "Never".
  await expect(row.locator("td").nth(4)).not.toHaveText("Never");

  await row.getByRole("button", { name: `Revoke key ${name}` }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText("Requests with this key are refused (401)");
  await page.screenshot({ path: test.info().outputPath("api-key-revoke-confirm.png") });
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(row.getByText("Revoked")).toBeVisible();
  await expect(row.getByRole("button", { name: /Revoke/ })).toHaveCount(0);

  const after = await page.request.get("/v1/merchants", { headers: { "Api-Key": key } });
  expect(after.status()).toBe(401);
  expect(await after.json()).toMatchObject({ code: "invalid_api_key" });
});

test("keys belong to the page's mode: a live key is created on /live and is listed only there", async ({
  page,
}) => {
  await signInAs(page, "developer");
  // Switching mode keeps the page you are on.
  await page.goto("/test/developers");
  await page.getByRole("navigation", { name: "Mode" }).getByRole("link", { name: "Live mode" }).click();
  await expect(page).toHaveURL(/\/live\/developers$/);
  const name = `Live server ${unique()}`;
  const dialog = await createKey(page, name);
  const key = await dialog.getByTestId("new-api-key").inputValue();
  expect(key).toMatch(/^svc_live_/);
  await dialog.getByRole("button", { name: "I have stored it" }).click();
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("svc_live_");
  await page.goto("/test/developers");
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
});

test("the keys page works at 390 px: the table fits and the shown-once dialog can be copied from", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, "developer");
  await page.goto("/test/developers");
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("api-keys-390.png"), fullPage: true });
  // A long name without spaces wraps instead of pushing Revoke off the screen.
  const name = `Phone-${"x".repeat(80)}-${unique()}`;
  const dialog = await createKey(page, name);
  await expect(dialog.getByRole("button", { name: /^Copy key/ })).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath("api-key-shown-once-390.png") });
  await dialog.getByRole("button", { name: "I have stored it" }).click();
  const revoke = page.getByRole("button", { name: `Revoke key ${name}` });
  await expect(revoke).toBeVisible();
  const box = (await revoke.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("api-keys-long-name-390.png"), fullPage: true });
});

test("public App-Ids are shown in full, and a revoked one is refused by the API", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/test/developers");
  const name = `iOS wallet ${unique()}`;
  await page.getByRole("button", { name: "Create App-Id" }).click();
  await page.getByRole("dialog").getByLabel("Name").fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Create App-Id" }).click();
  const row = page.getByRole("row").filter({ hasText: name });
  const appId = (await row.locator("td").nth(1).innerText()).trim();
  expect(appId).toMatch(/^app_[0-9A-Za-z]{24}$/);

  // An App-Id may read payment status; with an unknown payment that is a 404, not a 401.
  const status = () =>
    page.request.get("/v1/payments/pay_000000000000000000000000/status", {
      headers: { "App-Id": appId, "Client-Id": "e2e-wallet", "Merchant-Id": "mrch_000000000000000000000000" },
    });
  expect((await status()).status()).not.toBe(401);

  await row.getByRole("button", { name: `Revoke App-Id ${name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke App-Id" }).click();
  await expect(row.getByText("Revoked")).toBeVisible();
  const refused = await status();
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ code: "invalid_app_id" });
  await page.screenshot({ path: test.info().outputPath("public-apps.png"), fullPage: true });
});

test("support sees keys but no create button, and calling the create action directly is refused", async ({
  page,
  browser,
}) => {
  // Capture the action as a developer makes it through the form.
  await signInAs(page, "developer");
  await page.goto("/test/developers");
  await page.getByRole("button", { name: "Create test key" }).click();
  const name = `Captured ${unique()}`;
  await page.getByRole("dialog").getByLabel("Name").fill(name);
  const action = await captureServerAction(page, () =>
    page.getByRole("dialog").getByRole("button", { name: "Create key" }).click(),
  );
  await expect(
    page.getByRole("dialog").getByRole("heading", { name: "Copy your new API key" }),
  ).toBeVisible();
  const args = actionArgs(action)[0]!;
  expect(args).toMatchObject({ name, mode: "test" });

  // Replayed with the developer's own session, the request does create a key: the replay is a real call.
  expect(await replayServerAction(page, action, [{ ...args, name: `${name} replayed` }])).toContain(
    "svc_test_",
  );

  const supportContext = await browser.newContext();
  const support = await supportContext.newPage();
  await signInAs(support, "support");
  await support.goto("/test/developers");
  await expect(support.getByRole("heading", { name: "API keys" })).toBeVisible();
  await expect(support.getByRole("row").filter({ hasText: name })).toHaveCount(2);
  await expect(support.getByRole("button", { name: /Create (test|live) key/ })).toHaveCount(0);
  await expect(support.getByRole("button", { name: "Create App-Id" })).toHaveCount(0);
  await expect(support.getByRole("button", { name: /^Revoke/ })).toHaveCount(0);
  await support.screenshot({ path: test.info().outputPath("api-keys-as-support.png"), fullPage: true });

  const attempt = `${name} by support`;
  const response = await replayServerAction(support, action, [{ ...args, name: attempt }]);
  expect(response).toContain('"code":"forbidden"');
  expect(response).toContain("Your role (support) does not allow this.");
  expect(response).not.toContain("svc_test_");
  // The exact captured request, too.
  expect(await replayServerAction(support, action)).toContain('"code":"forbidden"');

  await support.reload();
  await expect(support.getByRole("row").filter({ hasText: attempt })).toHaveCount(0);
  await expect(support.getByRole("row").filter({ hasText: name })).toHaveCount(2);
  await supportContext.close();

  // A signed-out caller is refused too.
  const anonymous = await browser.newContext();
  const anonymousPage = await anonymous.newPage();
  expect(await replayServerAction(anonymousPage, action)).toContain('"code":"unauthenticated"');
  await anonymous.close();
});

test("another account's developer cannot revoke this account's key by calling the action with its id", async ({
  page,
  browser,
}) => {
  await signInAs(page, "developer");
  await page.goto("/test/developers");
  const dialog = await createKey(page, `Cross-tenant target ${unique()}`);
  const key = await dialog.getByTestId("new-api-key").inputValue();
  await dialog.getByRole("button", { name: "I have stored it" }).click();
  const targetId = (await page
    .getByRole("row")
    .filter({ hasText: "Cross-tenant target" })
    .getAttribute("data-testid"))!.replace("api-key-", "");

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInAs(other, "developer", "b");
  await other.goto("/test/developers");
  const own = `Throwaway ${unique()}`;
  await (await createKey(other, own)).getByRole("button", { name: "I have stored it" }).click();
  await other.getByRole("button", { name: `Revoke key ${own}` }).click();
  const revoke = await captureServerAction(other, () =>
    other.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click(),
  );
  await expect(other.getByRole("row").filter({ hasText: own }).getByText("Revoked")).toBeVisible();

  const response = await replayServerAction(other, revoke, [{ id: targetId, mode: "test" }]);
  expect(response).toContain('"code":"not_found"');
  await otherContext.close();
  expect((await page.request.get("/v1/merchants", { headers: { "Api-Key": key } })).status()).toBe(200);
});
