import { expect, freshKey, type ApiClient } from "../support/api";
import type { Fixtures } from "../support/fixtures-data";
import { sampleAddress, usdcBase } from "../support/merchants";

// The four places data can live: accounts a and b, each in test and live mode. A cell holds one
// resource of every kind the API can name, so that every other cell has something to reach for.

export type CellName = "a/test" | "a/live" | "b/test" | "b/live";
export const cellNames: CellName[] = ["a/test", "a/live", "b/test", "b/live"];

export type Cell = {
  name: CellName;
  key: string;
  /** The ids of the cell's resources by path parameter name; refunds only where a payment could succeed (test mode). */
  ids: {
    merchantId: string;
    id: string;
    paymentId: string;
    refundId?: string;
    endpointId: string;
    deliveryId: string;
    eventId: string;
    linkId: string;
  };
  /** Every string that would reveal the cell's data if another caller ever saw it. */
  secrets: string[];
  merchantCreateKey: string;
};

export const cellKey = (fixtures: Fixtures, name: CellName) => {
  const [account, mode] = name.split("/") as ["a" | "b", "test" | "live"];
  return fixtures.accounts[account].keys[mode];
};

/** Creates a merchant with a settlement, a payment (succeeded and partly refunded in test mode), a payment link and a webhook endpoint with one delivery. */
export async function buildCell(api: ApiClient, name: CellName, key: string, tag: string): Promise<Cell> {
  const label = `iso-${name.replace("/", "-")}-${tag}`;
  const merchantCreateKey = freshKey(label);
  const merchant = await api.post(
    "/v1/merchants",
    { merchantName: `Shop ${label}`, merchantEmail: `${label}@shop.example` },
    { idempotencyKey: merchantCreateKey },
  );
  expect(merchant.status, JSON.stringify(merchant.body)).toBe(201);
  const merchantId = merchant.body.merchant.id as string;
  const settlement = await api.post(
    `/v1/merchants/${merchantId}/settlements/crypto`,
    { settlements: [{ asset: usdcBase, destination: `eip155:8453:${sampleAddress}` }] },
    { idempotencyKey: freshKey(label) },
  );
  expect(settlement.status, JSON.stringify(settlement.body)).toBe(201);
  const settlementId = settlement.body.crypto[0].id as string;
  const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const payment = await api.post(
    "/v1/payments",
    { referenceId: `ref-${label}`, amount: { unit: `caip19/${usdcBase}`, value: "5000000" }, expiresAt },
    { merchantId },
  );
  expect(payment.status, JSON.stringify(payment.body)).toBe(201);
  const paymentId = payment.body.id as string;
  let refundId: string | undefined;
  if (name.endsWith("/test")) {
    expect((await api.post(`/v1/test/payments/${paymentId}/simulate`, { outcome: "succeeded" })).status).toBe(
      200,
    );
    const refund = await api.post("/v1/refunds", {
      paymentId,
      amount: { unit: `caip19/${usdcBase}`, value: "1000000" },
      reason: `why ${label}`,
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    refundId = refund.body.id as string;
  }
  const link = await api.post(
    "/v1/payment-links",
    { unit: "iso4217/USD", amountValue: "1500", referencePrefix: `link-${label}` },
    { merchantId },
  );
  expect(link.status, JSON.stringify(link.body)).toBe(201);
  const linkId = link.body.id as string;
  const endpoint = await api.post("/v1/webhook-endpoints", {
    url: `http://127.0.0.1:65000/${label}`,
    events: ["*"],
    description: `hook ${label}`,
  });
  expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
  const endpointId = endpoint.body.id as string;
  const delivery = await api.post(`/v1/webhook-endpoints/${endpointId}/test`);
  expect(delivery.status, JSON.stringify(delivery.body)).toBe(201);
  const deliveryId = delivery.body.id as string;
  const eventId = delivery.body.eventId as string;
  const ids = { merchantId, id: settlementId, paymentId, refundId, endpointId, deliveryId, eventId, linkId };
  return {
    name,
    key,
    ids,
    secrets: [
      ...Object.values(ids).filter((v): v is string => Boolean(v)),
      label,
      endpoint.body.secret as string,
    ],
    merchantCreateKey,
  };
}

/** A valid body per operation, aimed at the target cell's resources where the body names one. */
// A well-formed x402 payment that is refused (its validBefore is past maxTimeoutSeconds): nothing is ever settled.
const x402Requirements = {
  scheme: "exact",
  network: "eip155:8453",
  amount: "100",
  asset: usdcBase.split(":").pop(),
  payTo: "0x00000000000000000000000000000000000Fee01",
  maxTimeoutSeconds: 60,
  extra: { name: "USD Coin", version: "2" },
};
const x402Request = {
  x402Version: 2,
  paymentPayload: {
    x402Version: 2,
    accepted: x402Requirements,
    payload: {
      signature: `0x${"11".repeat(65)}`,
      authorization: {
        from: "0x00000000000000000000000000000000000Fee02",
        to: x402Requirements.payTo,
        value: "100",
        validAfter: "0",
        validBefore: "99999999999",
        nonce: `0x${"22".repeat(32)}`,
      },
    },
  },
  paymentRequirements: x402Requirements,
};

export const bodies: Record<string, (target: Cell["ids"]) => unknown> = {
  Merchants_create: () => ({ merchantName: "Matrix Shop", merchantEmail: "matrix@shop.example" }),
  Merchants_update: () => ({ merchantName: "Renamed by another cell" }),
  CryptoSettlements_create: () => ({
    settlements: [{ asset: usdcBase, destination: "eip155:8453:0x00000000000000000000000000000000000Fee01" }],
  }),
  CryptoSettlements_update: () => ({ destination: "eip155:8453:0x00000000000000000000000000000000000Fee01" }),
  Payments_create: () => ({ referenceId: "matrix", amount: { unit: "iso4217/USD", value: "100" } }),
  MerchantPayment_create: () => ({ referenceId: "matrix", amount: { unit: "iso4217/USD", value: "100" } }),
  TestPayments_simulate: () => ({ outcome: "failed" }),
  PaymentLinks_create: () => ({ unit: "iso4217/USD", amountValue: "100", referencePrefix: "matrix" }),
  Refunds_create: (target) => ({
    paymentId: target.paymentId,
    amount: { unit: `caip19/${usdcBase}`, value: "1" },
  }),
  WebhookEndpoints_create: () => ({ url: "http://127.0.0.1:65000/matrix", events: ["*"] }),
  WebhookEndpoints_update: () => ({ description: "changed by another cell" }),
  WebhookDeliveries_redeliverFailed: () => ({
    from: new Date(Date.now() - 86_400_000).toISOString(),
    to: new Date(Date.now() + 86_400_000).toISOString(),
  }),
  gatewayGetPaymentOptions: () => ({ accounts: ["eip155:8453:0x00000000000000000000000000000000000Fee01"] }),
  fetch_handler: () => ({ optionId: "opt_000000000000000000000000", data: "" }),
  confirm_payment_handler: () => ({
    optionId: "opt_000000000000000000000000",
    results: [{ type: "walletRpc", data: ["0x00"] }],
  }),
  X402_verify: () => x402Request,
  X402_settle: () => x402Request,
};
