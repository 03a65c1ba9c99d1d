import type { APIRequestContext } from "@playwright/test";
import { expect, freshKey, type ApiClient } from "./api";
import { newSolanaWallet } from "./solana-wallet";
import { localSolanaChainId } from "./solana-settings";

/** A merchant settling `asset` to a fresh Solana wallet, and a live payment of `amount` to it. */
export async function solanaMerchantPayment(
  api: ApiClient,
  asset: string,
  amount: { unit: string; value: string },
  merchantName = "Solana Pay Shop",
) {
  const merchantWallet = await newSolanaWallet();
  const merchant = merchantWallet.address;
  const created = await api.post(
    "/v1/merchants",
    { merchantName, merchantEmail: "pay@sol.example" },
    { idempotencyKey: freshKey() },
  );
  const merchantId = created.body.merchant.id as string;
  const registered = await api.post(
    `/v1/merchants/${merchantId}/settlements/crypto`,
    { settlements: [{ asset, destination: `${localSolanaChainId}:${merchant}` }] },
    { idempotencyKey: freshKey() },
  );
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const payment = await api.post(
    "/v1/payments",
    { referenceId: `sol-${freshKey()}`, amount },
    { merchantId },
  );
  expect(payment.status, JSON.stringify(payment.body)).toBe(201);
  return {
    merchant,
    /** The merchant's signer (to send a refund's return). */
    merchantWallet,
    merchantId,
    settlementId: registered.body.crypto[0].id as string,
    paymentId: payment.body.id as string,
  };
}

/** The Solana Pay transfer request the checkout page offers (its "Open in Solana wallet" link). */
export async function transferRequest(request: APIRequestContext, paymentId: string): Promise<string> {
  const page = await (await request.get(`/pay/${paymentId}`)).text();
  const link = /<a href="(solana:[^"]+)"[^>]*data-testid="open-in-wallet"/.exec(page)?.[1];
  expect(link, "the checkout offers a Solana Pay link").toBeTruthy();
  return link!.replaceAll("&amp;", "&");
}
