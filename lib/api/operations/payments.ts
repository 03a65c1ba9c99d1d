import { cancelPayment } from "@/lib/payments/cancel-payment";
import { createPayment, planPayment } from "@/lib/payments/create-payment";
import { warningsForSettlements } from "@/lib/payments/payability";
import { cachedFinalStatus, rememberIfFinal } from "@/lib/payments/final-status-cache";
import { openPaymentStatus, readPayment } from "@/lib/payments/get-payment";
import { getMerchant } from "@/lib/merchants/get-merchant";
import { listPayments, paymentsListRequest } from "@/lib/payments/list-payments";
import { pollHintMs } from "@/lib/payments/lifecycle";
import { gatewayUrl, serializePayment, serializeStatus } from "@/lib/payments/serialize";
import { simulatePayment } from "@/lib/payments/simulate-payment";
import { waitForChange } from "@/lib/payments/wait-for-change";
import { callerKey } from "@/lib/api/context";
import type { Payment as PaymentRow } from "@/lib/db";
import type { Scope } from "@/lib/tenancy/scope";
import { CreatedPaymentSchema, CreatePaymentBodySchema, type CreatePaymentInput, GatewayLinkSchema, ListPaymentsQuerySchema, PaymentSchema, PaymentIdParamsSchema, PaymentsPageSchema, PaymentStatusSchema, SimulateBodySchema, StatusQuerySchema } from "@/lib/schemas/payment";
import { AppError } from "@/lib/errors/errors";
import { x402Url } from "@/lib/x402/payment-url";
import { defineOperation } from "../operation";

export const createPaymentOp = defineOperation({
  id: "Payments_create",
  summary: "Create a payment for a merchant",
  tag: "Payments",
  method: "POST",
  path: "/v1/payments",
  permission: "payments.write",
  idempotency: "optional",
  merchantHeader: true,
  body: CreatePaymentBodySchema,
  status: 201,
  response: CreatedPaymentSchema,
  errors: ["merchant_not_found"],
  handler: async ({ ctx, body, merchantId, q }) => {
    const { payment, settlementAssets } = await createPayment(q, ctx, ctx.actor, merchantId, body);
    return createdPayment(ctx, body, payment, settlementAssets);
  },
  plan: async ({ ctx, body, merchantId }) => {
    const { payment, settlementAssets, ctes } = await planPayment(ctx, ctx.actor, merchantId, body);
    return { body: createdPayment(ctx, body, payment, settlementAssets), ctes, written: "payment", name: "create-payment" };
  },
});

function createdPayment(scope: Scope, body: CreatePaymentInput, payment: PaymentRow, settlementAssets: string[]) {
  const warnings = warningsForSettlements(scope, body.amount, settlementAssets);
  return { ...serializePayment(payment), paymentId: payment.id, x402Url: x402Url(payment.id), pollInMs: pollHintMs(payment.status), ...(warnings.length ? { warnings } : {}) };
}

export const createGatewayPaymentOp = defineOperation({
  id: "Gateway_createPayment",
  summary: "Create a payment and get its gateway link (second form)",
  tag: "Gateway",
  method: "POST",
  path: "/v1/merchant/payment",
  permission: "payments.write",
  idempotency: "optional",
  merchantHeader: true,
  body: CreatePaymentBodySchema,
  status: 201,
  response: GatewayLinkSchema,
  errors: ["merchant_not_found"],
  handler: async ({ ctx, body, merchantId, q }) => {
    const { payment } = await createPayment(q, ctx, ctx.actor, merchantId, body);
    return { paymentId: payment.id, gatewayUrl: gatewayUrl(payment.id) };
  },
  plan: async ({ ctx, body, merchantId }) => {
    const { payment, ctes } = await planPayment(ctx, ctx.actor, merchantId, body);
    return { body: { paymentId: payment.id, gatewayUrl: gatewayUrl(payment.id) }, ctes, written: "payment", name: "create-payment" };
  },
});

export const paymentStatusOp = defineOperation({
  id: "Payments_status",
  summary: "Get a payment's status; poll until isFinal",
  tag: "Payments",
  method: "GET",
  path: "/v1/payments/{paymentId}/status",
  auth: "api_key_or_app",
  permission: "payments.read",
  merchantHeader: true,
  params: PaymentIdParamsSchema,
  query: StatusQuerySchema,
  status: 200,
  response: PaymentStatusSchema,
  errors: ["payment_not_found"],
  handler: async ({ ctx, params, query, merchantId, signal }) => {
    const cached = cachedFinalStatus(ctx, merchantId, params.paymentId);
    if (cached) return cached;
    const open = query.maxPollMs > 0 ? null : await openPaymentStatus(ctx, params.paymentId, merchantId);
    if (open) return open;
    const payment = await readPayment(ctx, params.paymentId, merchantId);
    const status = await serializeStatus(query.maxPollMs > 0 ? await waitForChange(payment, query.maxPollMs, signal, callerKey(ctx.caller)) : payment);
    return rememberIfFinal(ctx, merchantId, params.paymentId, status);
  },
});

export const listPaymentsOp = defineOperation({
  id: "Payments_list",
  summary: "List payments, newest first, with filters",
  tag: "Payments",
  method: "GET",
  path: "/v1/payments",
  permission: "payments.read",
  query: ListPaymentsQuerySchema,
  status: 200,
  response: PaymentsPageSchema,
  handler: ({ ctx, query, q }) => listPayments(q, ctx, paymentsListRequest(query)),
});

export const listMerchantPaymentsOp = defineOperation({
  id: "MerchantPayments_list",
  summary: "List the Merchant-Id merchant's payments, with the same filters",
  tag: "Payments",
  method: "GET",
  path: "/v1/merchants/payments",
  permission: "payments.read",
  merchantHeader: true,
  query: ListPaymentsQuerySchema.omit({ merchantId: true }),
  status: 200,
  response: PaymentsPageSchema,
  errors: ["merchant_not_found"],
  handler: async ({ ctx, query, merchantId, q }) => {
    await getMerchant(q, ctx, merchantId).catch((error: unknown) => {
      throw error instanceof AppError && error.code === "not_found" ? new AppError("merchant_not_found", "Merchant not found: the Merchant-Id header names no merchant of this account and mode.") : error;
    });
    return listPayments(q, ctx, paymentsListRequest(query, merchantId));
  },
});

export const getPaymentOp = defineOperation({
  id: "Payments_get",
  summary: "Retrieve a payment",
  tag: "Payments",
  method: "GET",
  path: "/v1/payments/{paymentId}",
  permission: "payments.read",
  params: PaymentIdParamsSchema,
  status: 200,
  response: PaymentSchema,
  errors: ["payment_not_found"],
  handler: async ({ ctx, params }) => serializePayment(await readPayment(ctx, params.paymentId)),
});

export const cancelPaymentOp = defineOperation({
  id: "Payments_cancel",
  summary: "Cancel an unpaid payment",
  tag: "Payments",
  method: "POST",
  path: "/v1/payments/{paymentId}/cancel",
  permission: "payments.write",
  idempotency: "optional",
  params: PaymentIdParamsSchema,
  status: 200,
  response: PaymentSchema,
  errors: ["payment_not_found", "invalid_state"],
  handler: async ({ ctx, params, q }) => serializePayment(await cancelPayment(q, ctx, ctx.actor, params.paymentId)),
});

export const simulatePaymentOp = defineOperation({
  id: "TestPayments_simulate",
  summary: "Test mode: make a payment succeed, fail, be cancelled or expire",
  tag: "Payments",
  method: "POST",
  path: "/v1/test/payments/{paymentId}/simulate",
  permission: "payments.write",
  modes: ["test"],
  idempotency: "optional",
  params: PaymentIdParamsSchema,
  body: SimulateBodySchema,
  status: 200,
  response: PaymentSchema,
  errors: ["payment_not_found", "invalid_state"],
  handler: async ({ ctx, params, body, q }) => serializePayment(await simulatePayment(q, ctx, ctx.actor, params.paymentId, body.outcome)),
});
