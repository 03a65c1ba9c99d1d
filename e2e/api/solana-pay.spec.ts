import type { APIRequestContext } from "@playwright/test";
import { expect, test, type ApiClient } from "../support/api";
import { chooseOption } from "../support/live-payments";
import { localSolanaChainId, solanaTestMints } from "../support/solana-settings";
import {
  airdrop,
  mintTokens,
  newSolanaWallet,
  payTransferRequest,
  solBalance,
  tokenBalance,
} from "../support/solana-wallet";
import { runSql } from "../support/test-control";
import { solanaMerchantPayment } from "../support/solana-payments";

// Any Solana wallet or exchange pays a live payment from the checkout's Solana Pay transfer request
// (issue 29): the chain watcher finds the transfer by the payment's reference key
// (getSignaturesForAddress on the Solana test node) and verifies it at `finalized`; a wrong amount,
// token or time becomes the same exception as on EVM, and a transfer without the reference pays nothing.

const usdc = `${localSolanaChainId}/token:${solanaTestMints.USDC}`;
const sol = `${localSolanaChainId}/slip44:501`;

type Paying = {
  api: ApiClient;
  merchantId: string;
  paymentId: string;
  settlementId: string;
  merchant: string;
};

async function livePayment(
  api: ApiClient,
  request: APIRequestContext,
  asset: string,
  amount: { unit: string; value: string },
): Promise<Paying> {
  const made = await solanaMerchantPayment(api, asset, amount);
  // The buyer opens the option on the checkout page, which fixes its quote.
  await chooseOption(request, made.paymentId, made.settlementId);
  return { api, ...made };
}

/** The Solana Pay transfer request the checkout page offers (its "Open in Solana wallet" link). */
async function transferRequest(request: APIRequestContext, paymentId: string): Promise<string> {
  const page = await (await request.get(`/pay/${paymentId}`)).text();
  const link = /<a href="(solana:[^"]+)"[^>]*data-testid="open-in-wallet"/.exec(page)?.[1];
  expect(link, "the checkout offers a Solana Pay link").toBeTruthy();
  return link!.replaceAll("&amp;", "&");
}

const paymentOf = async ({ api, merchantId, paymentId }: Paying) =>
  (await api.get(`/v1/payments/${paymentId}`, { merchantId })).body;

/** A buyer with USDC and the SOL for its own fees (a Solana Pay wallet sends the transaction itself). */
async function buyerWithUsdc() {
  const buyer = await newSolanaWallet();
  await airdrop(buyer.address, 1_000_000_000n);
  await mintTokens(solanaTestMints.USDC, buyer.address, 100_000_000n);
  return buyer;
}

test.describe("Solana Pay transfer requests (live, on the Solana test node)", () => {
  test("the checkout's request pays USDC exactly: the transfer carrying its reference is found and the payment succeeds with its signature", async ({
    apiAs,
    fixtures,
    request,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const paying = await livePayment(api, request, usdc, { unit: "iso4217/USD", value: "1234" });
    const uri = await transferRequest(request, paying.paymentId);
    const url = new URL(uri);
    expect(url.pathname).toBe(paying.merchant);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      amount: "12.34",
      "spl-token": solanaTestMints.USDC,
      label: "Solana Pay Shop",
    });
    expect(url.searchParams.get("reference")).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(url.searchParams.get("message")).toMatch(/^Order sol-/);
    // The same request on every render: a QR code scanned from an earlier page still pays.
    expect(await transferRequest(request, paying.paymentId)).toBe(uri);

    const buyer = await buyerWithUsdc();
    const signature = await payTransferRequest(buyer, uri);
    await expect.poll(async () => (await paymentOf(paying)).status, { timeout: 30_000 }).toBe("succeeded");
    expect(await paymentOf(paying)).toMatchObject({ info: { txId: signature }, exception: null });
    expect(await tokenBalance(paying.merchant, solanaTestMints.USDC)).toBe(12_340_000n);
  });

  test("native SOL: the request has no spl-token and pays the merchant's wallet", async ({
    apiAs,
    fixtures,
    request,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const paying = await livePayment(api, request, sol, { unit: `caip19/${sol}`, value: "250000000" });
    const uri = await transferRequest(request, paying.paymentId);
    const url = new URL(uri);
    expect(url.searchParams.get("amount")).toBe("0.25");
    expect(url.searchParams.has("spl-token")).toBe(false);
    const buyer = await newSolanaWallet();
    await airdrop(buyer.address, 1_000_000_000n);
    const signature = await payTransferRequest(buyer, uri);
    await expect.poll(async () => (await paymentOf(paying)).status, { timeout: 30_000 }).toBe("succeeded");
    expect((await paymentOf(paying)).info.txId).toBe(signature);
    expect(await solBalance(paying.merchant)).toBe(250_000_000n);
  });

  test("short, over, wrong token and late transfers carrying the reference become the same exceptions as on EVM", async ({
    apiAs,
    fixtures,
    request,
  }) => {
    const [api, buyer] = await Promise.all([
      apiAs({ "Api-Key": fixtures.accounts.a.keys.live }),
      buyerWithUsdc(),
    ]);
    await mintTokens(solanaTestMints.USDT, buyer.address, 100_000_000n);
    const amount = { unit: "iso4217/USD", value: "1000" };
    const [short, over, wrongMint, late] = await Promise.all(
      [0, 1, 2, 3].map(() => livePayment(api, request, usdc, amount)),
    );
    // The buyer's wallet scanned the request while the payment was open.
    const lateUri = await transferRequest(request, late!.paymentId);
    const expireNow = await runSql(
      `UPDATE "Payment" SET "expiresAt" = now() - interval '1 second' WHERE "id" = $1`,
      late!.paymentId,
    );
    expect(expireNow.count).toBe(1);
    await expect.poll(async () => (await paymentOf(late!)).status, { timeout: 20_000 }).toBe("expired");

    await payTransferRequest(buyer, await transferRequest(request, short!.paymentId), { amount: 4_000_000n });
    const overpaid = await payTransferRequest(buyer, await transferRequest(request, over!.paymentId), {
      amount: 15_000_000n,
    });
    await payTransferRequest(buyer, await transferRequest(request, wrongMint!.paymentId), {
      mint: solanaTestMints.USDT,
    });
    await payTransferRequest(buyer, lateUri);

    const exceptionOf = async (p: Paying) => (await paymentOf(p)).exception?.type ?? null;
    await expect.poll(() => exceptionOf(short!), { timeout: 30_000 }).toBe("underpaid");
    await expect.poll(() => exceptionOf(over!), { timeout: 30_000 }).toBe("overpaid");
    await expect.poll(() => exceptionOf(wrongMint!), { timeout: 30_000 }).toBe("wrong_asset");
    await expect.poll(() => exceptionOf(late!), { timeout: 30_000 }).toBe("paid_late");
    expect(await paymentOf(short!)).toMatchObject({
      status: "requires_action",
      exception: { type: "underpaid", expected: "10000000", received: "4000000" },
    });
    expect(await paymentOf(over!)).toMatchObject({
      status: "succeeded",
      info: { txId: overpaid },
      exception: { type: "overpaid", expected: "10000000", received: "15000000" },
    });
    expect(await paymentOf(wrongMint!)).toMatchObject({
      status: "requires_action",
      exception: { type: "wrong_asset", asset: `${localSolanaChainId}/token:${solanaTestMints.USDT}` },
    });
    expect(await paymentOf(late!)).toMatchObject({
      status: "expired",
      exception: { type: "paid_late", expected: "10000000", received: "10000000" },
    });
  });

  test("a transfer of exactly the amount without the reference pays nothing by itself", async ({
    apiAs,
    fixtures,
    request,
  }) => {
    const [api, buyer] = await Promise.all([
      apiAs({ "Api-Key": fixtures.accounts.a.keys.live }),
      buyerWithUsdc(),
    ]);
    const amount = { unit: "iso4217/USD", value: "500" };
    const unreferenced = await livePayment(api, request, usdc, amount);
    await payTransferRequest(buyer, await transferRequest(request, unreferenced.paymentId), {
      withoutReference: true,
    });
    // A payment paid with its reference after it shows the watcher has read past the first transfer.
    const witness = await livePayment(api, request, usdc, amount);
    await payTransferRequest(buyer, await transferRequest(request, witness.paymentId));
    await expect.poll(async () => (await paymentOf(witness)).status, { timeout: 30_000 }).toBe("succeeded");
    expect(await paymentOf(unreferenced)).toMatchObject({ status: "requires_action", exception: null });
    expect(await tokenBalance(unreferenced.merchant, solanaTestMints.USDC)).toBe(5_000_000n);
  });
});
