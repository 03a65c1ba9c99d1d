import type { Locator, Page } from "@playwright/test";
import type { Address, Hash } from "viem";
import { expect, test } from "../support/api";
import { devAccounts, LocalChain, localCaip2 } from "../support/chain";
import { hydrated } from "../support/hydration";
import { actionArgs, captureServerAction, replayServerAction } from "../support/server-action";
import { buyer, chooseOption, livePayment, merchantWallet, submit } from "../support/live-payments";
import { localChainRpc } from "../support/settings";
import { signInAs } from "../support/ui";

// Money that reached a merchant's wallet on the local chain and paid nothing lands in account B's
// live inbox, found by the watcher (3 confirmations), where support attaches or dismisses it.
const chain = new LocalChain(localChainRpc);
let token: Address;
let asset: string;

test.beforeAll(async () => {
  token = await chain.deployToken("UNM", 6);
  asset = `${localCaip2}/erc20:${token}`;
  await chain.transferToken(token, devAccounts[buyer]!.address, 10n ** 12n);
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** The transfer's card, once the watcher has filed it (the page is reloaded until it shows). */
async function inboxCard(page: Page, hash: Hash): Promise<Locator> {
  const card = page.locator(`[data-testid="unmatched-transfer"][data-tx="${hash}"]`);
  await expect(async () => {
    await page.goto("/live/payments/unmatched");
    await expect(card).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  return card;
}

test("a transfer to a merchant's wallet with no open payment appears in the inbox, and support attaches it to its payment", async ({
  page,
  apiAs,
  fixtures,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.b.keys.live });
  // The buyer never opened the checkout: no option is fixed, so no open payment waits at the wallet.
  const { merchantId, paymentId } = await livePayment(api, asset, "2500000");
  const paid = await chain.transferToken(token, merchantWallet, 2_500_000n, buyer);
  await chain.mine(3);

  await signInAs(page, "support", "b");
  await page.setViewportSize({ width: 1366, height: 900 });
  const card = await inboxCard(page, paid);
  await expect(card).toContainText(
    new RegExp(`2500000 units of ${token.slice(0, 6)}…${token.slice(-4)} on `, "i"),
  );
  await expect(card).toContainText(devAccounts[buyer]!.address);
  await expect(card).toContainText(merchantWallet);
  await shot(page, "unmatched-inbox-1366");

  await (await hydrated(card.getByRole("button", { name: "Attach to payment" }))).click();
  const dialog = page.getByRole("dialog");
  const field = dialog.getByLabel("Payment id");
  // The payment it was meant for is suggested first.
  await expect(field).toHaveValue(paymentId);
  await field.fill("pay_nope");
  await dialog.getByRole("button", { name: "Verify and attach" }).click();
  await expect(dialog.getByText("Enter a payment id: pay_ followed by 24 letters and digits.")).toBeVisible();
  await field.fill(paymentId);
  const attach = await captureServerAction(page, () =>
    dialog.getByRole("button", { name: "Verify and attach" }).click(),
  );
  await expect(page.getByText("Transfer attached: the payment is checked on-chain")).toBeVisible();
  await expect(card).toHaveCount(0);

  // A double click, or two people at once: the same answer, and the payment is paid once.
  const replays = await Promise.all([replayServerAction(page, attach), replayServerAction(page, attach)]);
  for (const answer of replays) expect(answer).toContain('"ok":true');
  const other = await livePayment(api, asset, "2500000");
  expect(
    await replayServerAction(page, attach, [{ ...actionArgs(attach)[0], paymentId: other.paymentId }]),
  ).toContain(`This transfer is already attached (${paymentId})`);
  await page.goto(`/live/payments/${paymentId}`);
  await expect(page.getByTestId("payment-event").filter({ hasText: "Payment succeeded" })).toHaveCount(1);
  expect(
    (await api.get(`/v1/payments/${other.paymentId}`, { merchantId: other.merchantId })).body.status,
  ).toBe("requires_action");

  const status = (await api.get(`/v1/payments/${paymentId}/status`, { merchantId })).body;
  expect(status).toMatchObject({ status: "succeeded", info: { txId: paid } });
  await page.goto("/live/payments/unmatched?status=attached");
  await expect(card).toContainText(paymentId);
  await expect(card.getByTestId("unmatched-resolved")).toContainText(
    `by ${fixtures.accounts.b.users.support.email}`,
  );
});

test("support dismisses an unmatched transfer with a note; it is kept under Dismissed", async ({
  page,
  apiAs,
  fixtures,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.b.keys.live });
  await livePayment(api, asset, "9990000");
  const stray = await chain.transferToken(token, merchantWallet, 1_234_567n, buyer);
  await chain.mine(3);

  await signInAs(page, "support", "b");
  await page.setViewportSize({ width: 390, height: 844 });
  const card = await inboxCard(page, stray);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "unmatched-inbox-390");

  await (await hydrated(card.getByRole("button", { name: "Dismiss" }))).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Dismiss transfer" }).click();
  await expect(dialog.getByText("Say why, for whoever looks next.")).toBeVisible();
  await dialog.getByLabel("Note").fill("Test transfer from the buyer's second wallet; returned by hand.");
  await dialog.getByRole("button", { name: "Dismiss transfer" }).click();
  await expect(page.getByText("Transfer dismissed")).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.goto("/live/payments/unmatched?status=dismissed");
  await expect(card).toContainText("returned by hand");
  await expect(card.getByTestId("unmatched-resolved")).toContainText(
    `by ${fixtures.accounts.b.users.support.email}`,
  );
  await expect(card.getByRole("button")).toHaveCount(0);
  await shot(page, "unmatched-dismissed-390");
});

test("a transfer submitted for an open payment and refused by its verification (too short) is in the inbox, naming that payment", async ({
  page,
  apiAs,
  fixtures,
  request,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.b.keys.live });
  const { merchantId, paymentId, settlementId } = await livePayment(api, asset, "3000000");
  await chooseOption(request, paymentId, settlementId);
  const short = await chain.transferToken(token, merchantWallet, 1_000_000n, buyer);
  expect((await submit(request, paymentId, settlementId, short)).body.status).toBe("requires_action");
  await chain.mine(3);

  await signInAs(page, "support", "b");
  const card = await inboxCard(page, short);
  await expect(card).toContainText(`Refused by${paymentId}`);
  const payment = (await api.get(`/v1/payments/${paymentId}`, { merchantId })).body;
  expect(payment).toMatchObject({
    status: "requires_action",
    exception: { type: "underpaid", received: "1000000", txId: short },
  });
});

test("a transfer of exactly an open payment's amount that nothing attributes pays nothing by itself: support confirms the likely payment with one click", async ({
  page,
  apiAs,
  fixtures,
  request,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.b.keys.live });
  const { merchantId, paymentId, settlementId } = await livePayment(api, asset, "4440000");
  await chooseOption(request, paymentId, settlementId);
  const paid = await chain.transferToken(token, merchantWallet, 4_440_000n, buyer);
  await chain.mine(3);

  await signInAs(page, "support", "b");
  await page.setViewportSize({ width: 390, height: 844 });
  const card = await inboxCard(page, paid);
  expect((await api.get(`/v1/payments/${paymentId}/status`, { merchantId })).body.status).toBe(
    "requires_action",
  );
  const likely = card.getByTestId("likely-payment");
  await expect(likely).toContainText("Likely this payment:");
  await expect(likely).toContainText(paymentId);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "unmatched-likely-390");
  await (await hydrated(likely.getByRole("button", { name: "Confirm this payment" }))).click();
  await expect(page.getByText("Transfer attached: the payment is checked on-chain")).toBeVisible();
  await expect(card).toHaveCount(0);
  expect((await api.get(`/v1/payments/${paymentId}/status`, { merchantId })).body).toMatchObject({
    status: "succeeded",
    info: { txId: paid },
  });
  await page.goto("/live/payments/unmatched?status=attached");
  await expect(card.getByTestId("unmatched-resolved")).toContainText(
    `by ${fixtures.accounts.b.users.support.email}`,
  );
});

test("test mode has no chain: the inbox explains where wrong test payments show instead", async ({
  page,
}) => {
  await signInAs(page, "support", "b");
  await page.goto("/test/payments/unmatched");
  await expect(page.getByText("No chain in test mode")).toBeVisible();
  await page.getByRole("link", { name: /open exception/ }).click();
  await expect(page).toHaveURL(/\/test\/payments\?exception=open/);
});
