import { cancelPayment } from "@/lib/payments/cancel-payment";
import { createPayment } from "@/lib/payments/create-payment";
import { cachedFinalStatus, rememberIfFinal } from "@/lib/payments/final-status-cache";
import { readPayment } from "@/lib/payments/get-payment";
import { listPayments } from "@/lib/payments/list-payments";
import { gatewayUrl, serializePayment, serializeStatus } from "@/lib/payments/serialize";
import { simulatePayment } from "@/lib/payments/simulate-payment";
import { waitForChange } from "@/lib/payments/wait-for-change";
import { page } from "@/lib/schemas/common";
import { CreatePaymentBody, GatewayLink, ListPaymentsQuery, Payment, PaymentIdParams, PaymentStatus, SimulateBody, StatusQuery } from "@/lib/schemas/payment";
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
  body: CreatePaymentBody,
  status: 201,
  response: Payment,
  errors: ["merchant_not_found"],
  handler: async ({ ctx, body, merchantId, q }) => serializePayment(await createPayment(q, ctx, ctx.actor, merchantId, body)),
});

export const createGatewayPaymentOp = defineOperation({
  id: "Gateway_createPayment",
  summary: "Create a payment and get its gateway link (second form)",
  tag: "Gateway",
  method: "POST",
  path: "/v1/merchant/payment",
  permission: "payments.write",
  idempotency: "optional",
  merchantHeader: true,
  body: CreatePaymentBody,
  status: 201,
  response: GatewayLink,
  errors: ["merchant_not_found"],
  handler: async ({ ctx, body, merchantId, q }) => {
    const payment = await createPayment(q, ctx, ctx.actor, merchantId, body);
    return { paymentId: payment.id, gatewayUrl: gatewayUrl(payment.id) };
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
  params: PaymentIdParams,
  query: StatusQuery,
  status: 200,
  response: PaymentStatus,
  errors: ["payment_not_found"],
  handler: async ({ ctx, params, query, merchantId, signal }) => {
    const cached = cachedFinalStatus(ctx, merchantId, params.paymentId);
    if (cached) return cached;
    const payment = await readPayment(ctx, params.paymentId, merchantId);
    const status = serializeStatus(query.maxPollMs > 0 ? await waitForChange(payment, query.maxPollMs, signal) : payment);
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
  query: ListPaymentsQuery,
  status: 200,
  response: page(Payment),
  handler: ({ ctx, query, q }) => listPayments(q, ctx, query),
});

export const getPaymentOp = defineOperation({
  id: "Payments_get",
  summary: "Retrieve a payment",
  tag: "Payments",
  method: "GET",
  path: "/v1/payments/{paymentId}",
  permission: "payments.read",
  params: PaymentIdParams,
  status: 200,
  response: Payment,
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
  params: PaymentIdParams,
  status: 200,
  response: Payment,
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
  params: PaymentIdParams,
  body: SimulateBody,
  status: 200,
  response: Payment,
  errors: ["payment_not_found", "invalid_state"],
  handler: async ({ ctx, params, body, q }) => serializePayment(await simulatePayment(q, ctx, ctx.actor, params.paymentId, body.outcome)),
});
