import { settleX402, supportedX402, verifyX402 } from "@/lib/domain/x402/facilitator";
import {
  X402FacilitatorBodySchema,
  X402SettleResponseSchema,
  X402SupportedResponseSchema,
  X402VerifyResponseSchema,
} from "@/lib/domain/schemas/x402";
import { defineOperation } from "@/lib/platform/api/operation";

// Tollgate as an x402 facilitator (x402 v2): point a paywall's facilitator URL at {base}/v1/x402 and
// send the Api-Key and Merchant-Id headers. A refused payment is a 200 with isValid / success false
// and x402's reason, as facilitators answer; a malformed request is a 400 like any operation's.
const tag = "x402";

export const x402VerifyOp = defineOperation({
  id: "X402_verify",
  summary: "Verify an x402 payment for a merchant (nothing is submitted)",
  tag,
  method: "POST",
  path: "/v1/x402/verify",
  permission: "payments.write",
  merchantHeader: true,
  ownTransactions: true,
  body: X402FacilitatorBodySchema,
  status: 200,
  response: X402VerifyResponseSchema,
  errors: ["merchant_not_found"],
  handler: ({ ctx, merchantId, body }) => verifyX402(ctx, merchantId, body),
});

export const x402SettleOp = defineOperation({
  id: "X402_settle",
  summary: "Settle an x402 payment: it becomes a payment of the merchant, relayed once",
  tag,
  method: "POST",
  path: "/v1/x402/settle",
  permission: "payments.write",
  merchantHeader: true,
  ownTransactions: true,
  body: X402FacilitatorBodySchema,
  status: 200,
  response: X402SettleResponseSchema,
  errors: ["merchant_not_found"],
  handler: ({ ctx, merchantId, body }) => settleX402(ctx, merchantId, body),
});

export const x402SupportedOp = defineOperation({
  id: "X402_supported",
  summary: "The x402 schemes and networks Tollgate settles in the key's mode",
  tag,
  method: "GET",
  path: "/v1/x402/supported",
  permission: "payments.read",
  status: 200,
  response: X402SupportedResponseSchema,
  handler: async ({ ctx }) => supportedX402(ctx),
});

export const x402Operations = [x402VerifyOp, x402SettleOp, x402SupportedOp];
