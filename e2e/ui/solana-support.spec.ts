import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, type ApiClient } from "../support/api";
import { hydrated } from "../support/hydration";
import { chooseOption } from "../support/live-payments";
import { solanaMerchantPayment, transferRequest } from "../support/solana-payments";
import { localSolanaChainId, solanaTestMints } from "../support/solana-settings";
import { airdrop, mintTokens, newSolanaWallet, payTransferRequest } from "../support/solana-wallet";
import { signInAs } from "../support/ui";

// Support's Solana work in account B's live dashboard (issue 29): the chain watch reads the
// merchants' token accounts (getSignaturesForAddress with a cursor), so a transfer without the
// payment's reference lands in the unmatched inbox, and a refund's return is seen there too.

const usdc = `${localSolanaChainId}/token:${solanaTestMints.USDC}`;

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** A buyer with USDC and the SOL for its own fees (a Solana Pay wallet sends the transaction itself). */
async function buyerWithUsdc() {
  const buyer = await newSolanaWallet();
  await airdrop(buyer.address, 1_000_000_000n);
  await mintTokens(solanaTestMints.USDC, buyer.address, 100_000_000n);
  return buyer;
}

const statusOf = async (api: ApiClient, merchantId: string, paymentId: string) =>
  (await api.get(`/v1/payments/${paymentId}/status`, { merchantId })).body;

/** A live USDC payment of `value` cents that a buyer pays from the transfer request with the reference left out. */
async function paidWithoutReference(api: ApiClient, request: APIRequestContext, value: string) {
  const made = await solanaMerchantPayment(api, usdc, { unit: "iso4217/USD", value });
  await chooseOption(request, made.paymentId, made.settlementId);
  const buyer = await buyerWithUsdc();
  const paid = await payTransferRequest(buyer, await transferRequest(request, made.paymentId), {
    withoutReference: true,
  });
  return { made, buyer, paid };
}

/** The unmatched inbox's card for transaction `tx`, once the chain watch has put it there. */
async function inboxCard(page: Page, tx: string) {
  const card = page.locator(`[data-testid="unmatched-transfer"][data-tx="${tx}"]`);
  await expect(async () => {
    await page.goto("/live/payments/unmatched");
    await expect(card).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  return card;
}

test("a Solana Pay transfer without the reference lands in the inbox as a labelled guess; support confirms it, and the payment succeeds with its signature", async ({
  page,
  apiAs,
  fixtures,
  request,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.b.keys.live });
  const { made, buyer, paid } = await paidWithoutReference(api, request, "444");

  await signInAs(page, "support", "b");
  await page.setViewportSize({ width: 390, height: 844 });
  const card = await inboxCard(page, paid);
  // From the buyer's wallet to the merchant's, the signature's case kept; never paid by itself.
  await expect(card).toContainText(buyer.address);
  await expect(card).toContainText(made.merchant);
  expect((await statusOf(api, made.merchantId, made.paymentId)).status).toBe("requires_action");
  const likely = card.getByTestId("likely-payment");
  await expect(likely).toContainText("Likely this payment:");
  await expect(likely).toContainText(made.paymentId);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "solana-unmatched-likely-390");

  await (await hydrated(likely.getByRole("button", { name: "Confirm this payment" }))).click();
  await expect(page.getByText("Transfer attached: the payment is checked on-chain")).toBeVisible();
  await expect(card).toHaveCount(0);
  expect(await statusOf(api, made.merchantId, made.paymentId)).toMatchObject({
    status: "succeeded",
    info: { txId: paid },
  });
});

test("a Solana transfer in the inbox that support attaches on the payment's page instead leaves the inbox: the payment's claim of its transaction covers it", async ({
  page,
  apiAs,
  fixtures,
  request,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.b.keys.live });
  const { made, paid } = await paidWithoutReference(api, request, "333");

  await signInAs(page, "support", "b");
  const card = await inboxCard(page, paid);

  await page.goto(`/live/payments/${made.paymentId}`);
  const form = page.getByRole("form", { name: "Attach a transaction" });
  await (await hydrated(form.getByLabel("Transaction hash"))).fill(paid);
  await form.getByRole("button", { name: "Verify and attach" }).click();
  await expect(page.getByText("Transaction verified: the payment succeeded")).toBeVisible();
  expect(await statusOf(api, made.merchantId, made.paymentId)).toMatchObject({
    status: "succeeded",
    info: { txId: paid },
  });
  await page.goto("/live/payments/unmatched");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(card).toHaveCount(0);
  await shot(page, "solana-unmatched-claimed-elsewhere");
});

test("a Solana refund completes only when the merchant's return is seen on-chain; a short return support attaches is refused", async ({
  page,
  apiAs,
  fixtures,
  request,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.b.keys.live });
  const made = await solanaMerchantPayment(api, usdc, { unit: "iso4217/USD", value: "400" });
  await chooseOption(request, made.paymentId, made.settlementId);
  const buyer = await buyerWithUsdc();
  await payTransferRequest(buyer, await transferRequest(request, made.paymentId));
  await expect
    .poll(async () => (await statusOf(api, made.merchantId, made.paymentId)).status, { timeout: 60_000 })
    .toBe("succeeded");
  const created = await api.post("/v1/refunds", {
    paymentId: made.paymentId,
    amount: { unit: "iso4217/USD", value: "100" },
  });
  expect(created.body, JSON.stringify(created.body)).toMatchObject({ status: "pending", txId: null });
  const refund = async () => (await api.get(`/v1/refunds/${created.body.id}`)).body;

  // The merchant's wallet pays its own fee for the return.
  await airdrop(made.merchant, 1_000_000_000n);
  const returnTo = (amount: string) =>
    payTransferRequest(
      made.merchantWallet,
      `solana:${buyer.address}?amount=${amount}&spl-token=${solanaTestMints.USDC}`,
    );
  const short = await returnTo("0.999999");
  await signInAs(page, "support", "b");
  await page.goto(`/live/payments/${made.paymentId}`);
  await expect(page.getByTestId("refund-instructions")).toContainText(
    `from ${made.merchant} to the buyer at ${buyer.address}`,
  );
  const form = page.getByRole("form", { name: "Attach the return transfer" });
  await (await hydrated(form.getByLabel("Transaction hash"))).fill(short);
  await form.getByRole("button", { name: "Verify and attach" }).click();
  await expect(form.getByRole("alert")).toContainText("Underpaid: 999999 received, 1000000 expected");
  expect(await refund()).toMatchObject({ status: "pending", txId: null });
  await shot(page, "solana-refund-short-refused");

  // The exact return, which nobody attaches: the watch sees it leave the merchant's token account.
  const returned = await returnTo("1");
  await expect.poll(async () => (await refund()).status, { timeout: 60_000 }).toBe("succeeded");
  expect((await refund()).txId).toBe(returned);
  await page.reload();
  await expect(page.getByTestId("refund").getByText("succeeded")).toBeVisible();
  await expect(page.getByTestId("refund")).toContainText(returned);
});
