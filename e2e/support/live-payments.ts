import type { APIRequestContext } from "@playwright/test";
import type { Hash } from "viem";
import { expect, freshKey, type ApiClient } from "./api";
import { devAccounts, LocalChain, localCaip2 } from "./chain";
import { baseURL, localChainConfirmations, localChainRpc } from "./settings";
import { chainCursor } from "./test-control";

// Live payments on the local chain, as the API and the checkout page make them.

export const merchantWallet = devAccounts[1]!.address;
/** The dev account buyers pay from, and the one the merchant's wallet is (for refunds). */
export const buyer = 2;
export const merchantIndex = 1;

/** A merchant settling `asset` to the merchant wallet, and a live payment of `value` of it. */
export async function livePayment(api: ApiClient, asset: string, value: string, unit = `caip19/${asset}`) {
  const merchant = (
    await api.post(
      "/v1/merchants",
      { merchantName: "Live Shop", merchantEmail: "live@shop.example", allowedReturnOrigins: ["myapp://"] },
      { idempotencyKey: freshKey() },
    )
  ).body.merchant;
  const registered = await api.post(
    `/v1/merchants/${merchant.id}/settlements/crypto`,
    { settlements: [{ asset, destination: `${localCaip2}:${merchantWallet}` }] },
    { idempotencyKey: freshKey() },
  );
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const settlementId = registered.body.crypto[0].id as string;
  const payment = (
    await api.post(
      "/v1/payments",
      { referenceId: `live-${Date.now()}`, amount: { unit, value } },
      { merchantId: merchant.id },
    )
  ).body;
  return { merchantId: merchant.id as string, paymentId: payment.id as string, settlementId };
}

/**
 * The checkout page's submission of a wallet's transaction hash, by the buyer whose account the
 * payment was quoted for (a hash posted from an account nobody quoted is only reported).
 */
export async function submit(
  request: APIRequestContext,
  paymentId: string,
  settlementId: string,
  txHash: Hash,
  origin = baseURL,
) {
  const sent = await new LocalChain(localChainRpc).public.getTransaction({ hash: txHash }).catch(() => null);
  if (sent)
    await request.post(`/pay/${paymentId}/wallet/options`, {
      data: { settlementId, account: `${localCaip2}:${sent.from}` },
      headers: { Origin: origin },
    });
  return report(request, paymentId, settlementId, txHash, origin);
}

/** A transaction hash posted through the payment's link by whoever holds it, quoted or not. */
export async function report(
  request: APIRequestContext,
  paymentId: string,
  settlementId: string,
  txHash: Hash,
  origin = baseURL,
) {
  const res = await request.post(`/pay/${paymentId}/transactions`, {
    data: { settlementId, txHash },
    headers: { Origin: origin },
  });
  return { status: res.status(), body: await res.json() };
}

/** The buyer opens the option on the checkout page, which fixes its quote on the payment. */
export async function chooseOption(
  request: APIRequestContext,
  paymentId: string,
  settlementId: string,
  origin = baseURL,
) {
  const res = await request.post(`/pay/${paymentId}/option`, {
    data: { settlementId },
    headers: { Origin: origin },
  });
  expect(res.status()).toBe(200);
}

/**
 * Waits until the test server's chain watcher has read the chain up to block `height`: the cursor it
 * saves after each pass is the last block read with the confirmations on top of it.
 */
export async function watcherHasRead(height: bigint) {
  const cursor = async () => (await chainCursor(localCaip2)).blockNumber ?? -1;
  await expect
    .poll(cursor, { timeout: 30_000, intervals: [100, 200] })
    .toBeGreaterThanOrEqual(Number(height) - localChainConfirmations);
}
