import type { Page } from "@playwright/test";
import { expect, freshKey, test } from "../support/api";
import { axeFindings } from "../support/axe";
import { hydrated } from "../support/hydration";
import { createMerchant, sampleAddress, usdcBase } from "../support/merchants";
import { setUpTwoFactor, totpCode } from "../support/two-factor";
import { uniqueTag } from "../support/smtp";
import { confirmedOwnerSignedIn, signInAs } from "../support/ui";

// Issue 33, items 8 and 10: support finds payments by the buyer's email and counts them, a payment
// opened in the other mode says where it is, the mode toggle keeps your place, the API-change banner
// can be dismissed, and a sign-in with an authenticator code counts as re-authentication.

const noSideways = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

test("support finds payments by the buyer's email, with a buyer column and the count of matches; a payment opened in the other mode points to it; the toggle keeps the filters and the open payment", async ({
  page,
  api,
}) => {
  const tag = uniqueTag();
  const buyer = `Ann.${tag}@Shop.example`;
  const merchant = await createMerchant(api, { withUsdc: true, name: `Buyer Books ${tag}` });
  const created: string[] = [];
  for (const [i, email] of [buyer, buyer, `bob.${tag}@shop.example`].entries()) {
    const res = await api.post(
      "/v1/payments",
      { referenceId: `buyer-${tag}-${i}`, amount: { unit: "iso4217/USD", value: "1050" }, buyerEmail: email },
      { merchantId: merchant.id },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    created.push(res.body.id);
  }

  await signInAs(page, "owner");
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/test/payments");
  const search = await hydrated(page.getByRole("searchbox", { name: "Search" }));
  // Typed in another case than it was given: the same buyer.
  await search.fill(buyer.toLowerCase());
  await search.press("Enter");
  await expect(page.getByTestId("payments-count")).toHaveText("2 payments match");
  const rows = page.getByTestId("payment-row");
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole("columnheader", { name: "Buyer" })).toBeVisible();
  await expect(rows.filter({ hasText: buyer })).toHaveCount(2);
  expect(await axeFindings(page)).toEqual([]);
  await noSideways(page);
  await page.screenshot({ path: test.info().outputPath("payments-by-buyer-1366.png"), fullPage: true });

  // The toggle keeps the search (no test payment is in live mode, so live says none match) and back.
  await page.getByRole("navigation", { name: "Mode" }).getByRole("link", { name: "Live mode" }).click();
  await expect(page).toHaveURL(new RegExp(`/live/payments\\?q=${encodeURIComponent(buyer.toLowerCase())}`));
  await expect(page.getByText("No payments match")).toBeVisible();
  await page.getByRole("navigation", { name: "Mode" }).getByRole("link", { name: "Test mode" }).click();
  await expect(page.getByTestId("payments-count")).toHaveText("2 payments match");

  // A test payment opened under /live: said so, with the way to it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/live/payments/${created[2]}`);
  const elsewhere = page.getByTestId("payment-other-mode");
  await expect(elsewhere.getByRole("heading")).toHaveText("This payment is in test mode");
  await noSideways(page);
  expect(await axeFindings(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("payment-other-mode-390.png"), fullPage: true });
  // The toggle there keeps the payment, since it is in the mode switched to.
  await page.getByRole("navigation", { name: "Mode" }).getByRole("link", { name: "Test mode" }).click();
  await expect(page).toHaveURL(new RegExp(`/test/payments/${created[2]}`));
  await expect(page.getByTestId("payment-amount")).toHaveText("$10.50");
  // From a payment that is not in the other mode, the toggle goes to that mode's list.
  await page.getByRole("navigation", { name: "Mode" }).getByRole("link", { name: "Live mode" }).click();
  await expect(page).toHaveURL(/\/live\/payments$/);
  // A payment id that is in neither mode stays a 404.
  const missing = await page.goto("/test/payments/pay_000000000000000000000000");
  expect(missing?.status()).toBe(404);
});

test("the API-change banner reads in words, is dismissed per person and remembered, and comes back for a later change", async ({
  page,
  browser,
  apiAs,
  fixtures,
}) => {
  const live = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
  const name = `Banner Bakery ${uniqueTag()}`;
  const merchant = await createMerchant(live, { name });
  const registered = await live.post(
    `/v1/merchants/${merchant.id}/settlements/crypto`,
    { settlements: [{ asset: usdcBase, destination: `eip155:8453:${sampleAddress}` }] },
    { idempotencyKey: freshKey() },
  );
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);

  await signInAs(page, "owner");
  await page.goto("/live/merchants");
  const banner = page.getByRole("alert", { name: "Sensitive changes made through the API" });
  const line = banner.getByRole("listitem").filter({ hasText: name });
  await expect(line).toContainText(`(${name}) · Asset: USDC on Base`);
  await expect(line).toContainText("New wallet: 0x5290…9EE7 on Base");
  await expect(line).not.toContainText("eip155:");
  await expect(line).not.toContainText(merchant.id);
  // The raw ids are one click away.
  await expect(line.getByRole("button", { name: /^Copy id/ })).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath("api-change-banner-words.png"), fullPage: true });

  await (await hydrated(banner.getByRole("button", { name: "Dismiss" }))).click();
  await expect(banner).toHaveCount(0);
  await page.goto("/live/payments");
  await expect(page.getByRole("heading", { name: "Payments" })).toBeVisible();
  await expect(banner).toHaveCount(0);

  // Dismissed for this person only: the admin still sees it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, "admin");
  await admin.goto("/live/merchants");
  await expect(
    admin
      .getByRole("alert", { name: "Sensitive changes made through the API" })
      .getByRole("listitem")
      .filter({ hasText: name }),
  ).toBeVisible();
  await adminContext.close();

  // A later change shows the banner again, with only what is new.
  const settlementId = (await live.get(`/v1/merchants/${merchant.id}/settlements`)).body.crypto[0]
    .id as string;
  const moved = await live.put(
    `/v1/merchants/${merchant.id}/settlements/crypto/${settlementId}`,
    { destination: "eip155:8453:0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359" },
    { idempotencyKey: freshKey() },
  );
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  await page.reload();
  await expect(line).toHaveCount(1);
  await expect(line).toContainText("New wallet: 0xfB69…d359 on Base");
});

test("a sign-in with an authenticator code counts as re-authentication: a sensitive change right after asks no password", async ({
  page,
}) => {
  const password = "a long enough passphrase";
  const email = `fresh.${uniqueTag()}@e2e.tollgate.test`;
  await confirmedOwnerSignedIn(page, { accountName: "Fresh Co", name: "Fay Fresh", email, password });
  const { secret } = await setUpTwoFactor(page, password);
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  await (await hydrated(page.getByLabel("Email"))).fill(email);
  await page.getByLabel("Password").fill(password);
  await (await hydrated(page.getByRole("button", { name: "Sign in" }))).click();
  // The code of the next 30-second step: the one that turned it on cannot be used twice.
  await page.getByLabel("Authenticator code").fill(totpCode(secret, 1));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL(/\/(test|live)$/);

  // Turning two-factor sign-in off is sensitive: after this sign-in it goes through at once.
  await page.goto("/test/settings/security");
  await (await hydrated(page.getByRole("button", { name: "Turn off" }))).click();
  await page
    .getByRole("dialog", { name: "Turn off two-factor sign-in?" })
    .getByRole("button", { name: "Turn off" })
    .click();
  await expect(page.getByText("Two-factor sign-in is off")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Confirm it is you" })).toHaveCount(0);
});
