import type { APIRequestContext } from "@playwright/test";
import { expect, freshKey, test, type ApiClient } from "../support/api";
import { chooseOption } from "../support/live-payments";
import { baseURL } from "../support/settings";
import { localSolanaChainId, solanaTestMints } from "../support/solana-settings";
import {
  airdrop,
  holdFinality,
  mintTokens,
  newSolanaWallet,
  nodeCallCounts,
  payTransferRequest,
  sendTokenTransfers,
  solBalance,
  tokenAccount,
  tokenBalance,
} from "../support/solana-wallet";
import { runSql } from "../support/test-control";
import { solanaMerchantPayment, transferRequest } from "../support/solana-payments";

// Any Solana wallet or exchange pays a live payment from the checkout's Solana Pay transfer request
// (issue 29): the chain watcher finds the transfer by the payment's reference key
// (getSignaturesForAddress on the Solana test node) and verifies it at `finalized`; a wrong amount,
// token or time becomes the same exception as on EVM, and a transfer without the reference pays nothing.

const usdc = `${localSolanaChainId}/token:${solanaTestMints.USDC}`;
const usdt = `${localSolanaChainId}/token:${solanaTestMints.USDT}`;
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

  test("the watch asks the node once per pass for a merchant's token account, however many payments are open at it, and never for their reference keys", async ({
    apiAs,
    fixtures,
    request,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const merchant = await newSolanaWallet();
    const merchantId = (
      await api.post(
        "/v1/merchants",
        { merchantName: "Busy Solana Shop", merchantEmail: "busy@sol.example" },
        { idempotencyKey: freshKey() },
      )
    ).body.merchant.id as string;
    const registered = await api.post(
      `/v1/merchants/${merchantId}/settlements/crypto`,
      {
        settlements: [usdc, usdt].map((asset) => ({
          asset,
          destination: `${localSolanaChainId}:${merchant.address}`,
        })),
      },
      { idempotencyKey: freshKey() },
    );
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const usdcSettlement = (registered.body.crypto as { id: string; asset: string }[]).find(
      (c) => c.asset === usdc,
    )!.id;
    // Five open Solana Pay payments at the merchant's USDC token account, none at its USDT one.
    const references: string[] = [];
    for (let i = 0; i < 5; i++) {
      const created = await api.post(
        "/v1/payments",
        { referenceId: `busy-${i}-${freshKey()}`, amount: { unit: "iso4217/USD", value: "100" } },
        { merchantId },
      );
      await chooseOption(request, created.body.id, usdcSettlement);
      references.push(
        new URL(await transferRequest(request, created.body.id)).searchParams.get("reference")!,
      );
    }
    const watched = await Promise.all(
      [solanaTestMints.USDC, solanaTestMints.USDT].map((mint) => tokenAccount(merchant.address, mint)),
    );
    const counts = () => nodeCallCounts("getSignaturesForAddress", [...watched, ...references]);
    const [usdcBefore, usdtBefore] = await counts();
    // At least three passes (the watch runs every 2 s), each reading the USDT token account once.
    await expect
      .poll(async () => (await counts())[1]! - usdtBefore!, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(3);
    const [usdcAfter, usdtAfter, ...byReference] = await counts();
    const passes = usdtAfter! - usdtBefore!;
    // Counted at one instant, a pass may have read one account and not yet the other: at most one apart.
    expect(
      Math.abs(usdcAfter! - usdcBefore! - passes),
      `${usdcAfter! - usdcBefore!} reads in ${passes} passes`,
    ).toBeLessThanOrEqual(1);
    expect(byReference).toEqual(references.map(() => 0));
  });

  test("one transaction without a reference paying two of an account's merchants (one of them twice) files one inbox row per token account, and reading it again files nothing more", async ({
    apiAs,
    fixtures,
  }) => {
    const [api, buyer] = await Promise.all([
      apiAs({ "Api-Key": fixtures.accounts.a.keys.live }),
      buyerWithUsdc(),
    ]);
    const amount = { unit: "iso4217/USD", value: "100" };
    const first = await solanaMerchantPayment(api, usdc, amount, "Inbox Shop One");
    const second = await solanaMerchantPayment(api, usdc, amount, "Inbox Shop Two");
    const signature = await sendTokenTransfers(buyer, solanaTestMints.USDC, [
      { to: first.merchant, amount: 1_000_000n },
      { to: second.merchant, amount: 2_000_000n },
      { to: first.merchant, amount: 500_000n },
    ]);
    // runSql counts the rows a statement touched: a no-op UPDATE counts the rows that match.
    const inbox = async (to?: string, value?: string) =>
      (
        await runSql(
          `UPDATE "UnmatchedTransfer" SET status = status WHERE "txHash" = $1 AND "accountId" = $2` +
            (to ? ` AND "toAddress" = $3 AND value = $4` : ""),
          ...[signature, fixtures.accounts.a.accountId, ...(to ? [to, value] : [])],
        )
      ).count;
    await expect.poll(() => inbox(), { timeout: 30_000 }).toBe(2);
    expect(await inbox(first.merchant, "1500000")).toBe(1);
    expect(await inbox(second.merchant, "2000000")).toBe(1);

    // The watch forgets where it was in both token accounts and reads the transaction again.
    const accounts = await Promise.all(
      [first.merchant, second.merchant].map((m) => tokenAccount(m, solanaTestMints.USDC)),
    );
    const cursors = async () =>
      (
        await runSql(
          `UPDATE "SolanaCursor" SET signature = signature WHERE "account" IN ($1, $2)`,
          ...accounts,
        )
      ).count;
    await expect.poll(cursors, { timeout: 30_000 }).toBe(2);
    const deleted = await runSql(`DELETE FROM "SolanaCursor" WHERE "account" IN ($1, $2)`, ...accounts);
    expect(deleted.count).toBe(2);
    // Both cursors are back: each account's pass has settled the transaction again before saving it.
    await expect.poll(cursors, { timeout: 30_000 }).toBe(2);
    expect(await inbox()).toBe(2);
    expect(await inbox(first.merchant, "1500000")).toBe(1);
    expect(await inbox(second.merchant, "2000000")).toBe(1);
  });

  test("the checkout's transaction submission takes a Solana signature: one carrying the payment's reference is its, one without is only reported, an EVM hash is refused", async ({
    apiAs,
    fixtures,
    request,
  }) => {
    const [api, buyer] = await Promise.all([
      apiAs({ "Api-Key": fixtures.accounts.a.keys.live }),
      buyerWithUsdc(),
    ]);
    const amount = { unit: "iso4217/USD", value: "600" };
    const stray = await livePayment(api, request, usdc, amount);
    const paying = await livePayment(api, request, usdc, amount);
    const submit = (p: Paying, txHash: string) =>
      request.post(`/pay/${p.paymentId}/transactions`, {
        data: { settlementId: p.settlementId, txHash },
        headers: { Origin: baseURL },
      });
    // runSql counts the rows a statement touched: a no-op UPDATE counts the rows that match.
    const steps = async (p: Paying, type: string, txHash: string) =>
      (
        await runSql(
          `UPDATE "PaymentEvent" SET type = type WHERE "paymentId" = $1 AND type = $2 AND data->>'txHash' = $3`,
          p.paymentId,
          type,
          txHash,
        )
      ).count;

    const evmHash = await submit(paying, `0x${"ab".repeat(32)}`);
    expect(evmHash.status()).toBe(400);
    expect(await evmHash.json()).toMatchObject({ code: "params_validation" });

    // Exactly the amount, to the merchant, without the reference: whoever posts it, it pays nothing by itself.
    const unreferenced = await payTransferRequest(buyer, await transferRequest(request, stray.paymentId), {
      withoutReference: true,
    });
    const reported = await submit(stray, unreferenced);
    expect(reported.status()).toBe(200);
    expect(await reported.json()).toMatchObject({ status: "requires_action", isFinal: false });
    expect(await steps(stray, "payment.transaction_reported", unreferenced)).toBe(1);
    expect(await steps(stray, "payment.transaction_submitted", unreferenced)).toBe(0);

    // With the reference, posted while the transaction is only `confirmed` (so the watch cannot
    // credit it first): it is recorded as this payment's, signature case kept, and not yet paid.
    const uri = await transferRequest(request, paying.paymentId);
    await holdFinality(true);
    let signature: string;
    try {
      signature = await payTransferRequest(buyer, uri);
      const submitted = await submit(paying, signature);
      expect(submitted.status(), await submitted.text()).toBe(200);
      expect(await submitted.json()).toMatchObject({ isFinal: false });
      expect(await steps(paying, "payment.transaction_submitted", signature)).toBe(1);
      expect(await steps(paying, "payment.transaction_reported", signature)).toBe(0);
    } finally {
      await holdFinality(false);
    }
    // Final now: posted again, it is verified at once (or the watch already did) and pays the payment.
    const final = await submit(paying, signature);
    expect(final.status()).toBe(200);
    expect(await final.json()).toMatchObject({ status: "succeeded", info: { txId: signature } });
    expect(await paymentOf(paying)).toMatchObject({ status: "succeeded", info: { txId: signature } });
    expect(await paymentOf(stray)).toMatchObject({ status: "requires_action" });
    expect(await tokenBalance(paying.merchant, solanaTestMints.USDC)).toBe(6_000_000n);
  });
});
