import { cancelPayment } from "@/lib/domain/payments/cancel-payment";
import { createPayment, planPayment } from "@/lib/domain/payments/create-payment";
import { warningsForSettlements } from "@/lib/domain/payments/payability";
import type { ReceiptWarning } from "@/lib/domain/receipts/limit-receipts";
import { cachedFinalStatus, rememberIfFinal } from "@/lib/domain/payments/final-status-cache";
import { openPaymentStatus, readPayment } from "@/lib/domain/payments/get-payment";
import { getMerchant } from "@/lib/domain/merchants/get-merchant";
import { listPayments, paymentsListRequest } from "@/lib/domain/payments/list-payments";
import { pollHintMs } from "@/lib/domain/payments/lifecycle";
import { serializePayment, serializeStatus } from "@/lib/domain/payments/serialize";
import { simulatePayment } from "@/lib/domain/payments/simulate-payment";
import { waitForChange } from "@/lib/domain/payments/wait-for-change";
import { callerKey } from "@/lib/platform/api/context";
import type { Payment as PaymentRow } from "@/lib/core/db";
import type { Scope } from "@/lib/core/tenancy/scope";
import { z } from "zod";
import {
  CancelledPaymentSchema,
  CreatedPaymentSchema,
  CreatePaymentBodySchema,
  type CreatePaymentInput,
  ListedPaymentSchema,
  ListPaymentsQuerySchema,
  PaymentSchema,
  PaymentIdParamsSchema,
  PaymentsPageSchema,
  PaymentStatusSchema,
  paymentStatuses,
  repeated,
  SimulateBodySchema,
  StatusQuerySchema,
} from "@/lib/domain/schemas/payment";
import { AppError } from "@/lib/core/errors/errors";
import { x402Url } from "@/lib/domain/x402/payment-url";
import { defineOperation } from "@/lib/platform/api/operation";
import type { VersionChange } from "@/lib/platform/api/versioned-shapes";

// What 2026-02-19.preview changed (WalletConnect Pay's own changes between its two versions).
const checkoutSince: VersionChange = {
  since: "2026-02-19.preview",
  description:
    "`checkout` {successUrl, errorUrl} on payment creation: where the hosted checkout sends the buyer once the payment is final.",
  body: (schema) => (schema as typeof CreatePaymentBodySchema).omit({ checkout: true }),
};
const statusesBeforeCancelled = paymentStatuses.filter((s) => s !== "cancelled");
const cancelledListedSince: VersionChange = {
  since: "2026-02-19.preview",
  description:
    "Payment lists show a cancelled payment as `cancelled` and filter by it; before, it is listed as `expired` and `status=cancelled` is refused.",
  query: (schema) => (schema as z.ZodObject).extend({ status: repeated(z.enum(statusesBeforeCancelled)) }),
  response: (schema) =>
    (schema as typeof PaymentsPageSchema).extend({
      data: z.array(ListedPaymentSchema.extend({ status: z.enum(statusesBeforeCancelled) })),
    }),
  answer: (page: z.input<typeof PaymentsPageSchema>) => ({
    ...page,
    data: page.data.map((p) => (p.status === "cancelled" ? { ...p, status: "expired" } : p)),
  }),
};

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
  versions: [checkoutSince],
  errors: ["merchant_not_found"],
  handler: async ({ ctx, body, merchantId }) => {
    const { payment, settlementAssets, receiptWarnings } = await createPayment(ctx, merchantId, body);
    return createdPayment(ctx, body, payment, settlementAssets, receiptWarnings);
  },
  plan: async ({ ctx, body, merchantId }) => {
    const { payment, settlementAssets, receiptWarnings, ctes } = await planPayment(
      ctx,
      ctx.actor,
      merchantId,
      body,
    );
    return {
      body: createdPayment(ctx, body, payment, settlementAssets, receiptWarnings),
      ctes,
      written: "payment",
      name: "create-payment",
    };
  },
});

/** The create answer of both create operations: the payment, with WalletConnect Pay's fields as its schema has them. */
function createdPayment(
  scope: Scope,
  body: CreatePaymentInput,
  payment: PaymentRow,
  settlementAssets: string[],
  receiptWarnings: ReceiptWarning[],
) {
  const warnings: {
    code: "no_payment_option" | "checkout_redirect_disabled" | ReceiptWarning["code"];
    message: string;
  }[] = [...warningsForSettlements(scope, body.amount, settlementAssets), ...receiptWarnings];
  if (body.checkout?.redirect === false) {
    warnings.push({
      code: "checkout_redirect_disabled",
      message:
        "checkout needs an https successUrl and errorUrl; without them the buyer is not redirected once the payment is final.",
    });
  }
  const expiresAt = Math.floor(payment.expiresAt.getTime() / 1000);
  return {
    ...serializePayment(payment),
    paymentId: payment.id,
    expiresAt,
    x402Url: x402Url(payment.id),
    pollInMs: pollHintMs(payment.status),
    ...(warnings.length ? { warnings } : {}),
  };
}

// WalletConnect Pay's ecommerce flow (their guide's "Merchant API"): the same create, answered the
// same way, and the same status read under their path.
export const createGatewayPaymentOp = defineOperation({
  ...createPaymentOp,
  id: "MerchantPayment_create",
  summary: "Create a payment and get its gateway link (WalletConnect Pay's ecommerce flow)",
  tag: "Gateway",
  path: "/v1/merchant/payment",
  // Their ecommerce guide takes `checkout` on this route whatever the version, so every version does.
  versions: [],
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
    const status = await serializeStatus(
      query.maxPollMs > 0
        ? await waitForChange(payment, query.maxPollMs, signal, callerKey(ctx.caller))
        : payment,
    );
    return rememberIfFinal(ctx, merchantId, params.paymentId, status);
  },
});

export const merchantPaymentStatusOp = defineOperation({
  ...paymentStatusOp,
  id: "MerchantPayment_status",
  summary: "Verify a payment's status (WalletConnect Pay's ecommerce flow)",
  tag: "Gateway",
  path: "/v1/merchant/payment/{paymentId}/status",
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
  versions: [cancelledListedSince],
  handler: ({ ctx, query }) => listPayments(ctx.tx, ctx.scope, paymentsListRequest(query)),
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
  versions: [cancelledListedSince],
  errors: ["merchant_not_found"],
  handler: async ({ ctx, query, merchantId }) => {
    await getMerchant(ctx.tx, ctx.scope, merchantId).catch((error: unknown) => {
      throw error instanceof AppError && error.code === "not_found"
        ? new AppError(
            "merchant_not_found",
            "Merchant not found: the Merchant-Id header names no merchant of this account and mode.",
          )
        : error;
    });
    return listPayments(ctx.tx, ctx.scope, paymentsListRequest(query, merchantId));
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
  response: CancelledPaymentSchema,
  errors: ["payment_not_found", "invalid_state"],
  handler: async ({ ctx, params }) => {
    const payment = await cancelPayment(ctx, params.paymentId);
    return {
      ...serializePayment(payment),
      paymentId: payment.id,
      cancelledReason: "cancelled_by_merchant" as const,
      cancelledAt: (payment.finalizedAt ?? payment.updatedAt).toISOString(),
    };
  },
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
  handler: async ({ ctx, params, body }) =>
    serializePayment(await simulatePayment(ctx, params.paymentId, body.outcome)),
});
