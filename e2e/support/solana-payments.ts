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
  const merchant = (await newSolanaWallet()).address;
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
    merchantId,
    settlementId: registered.body.crypto[0].id as string,
    paymentId: payment.body.id as string,
  };
}
