"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { authorizedAction, type ActionContext } from "@/lib/platform/actions/action";
import { attachPaymentTransaction } from "@/lib/domain/payments/attach-transaction";
import { cancelPayment } from "@/lib/domain/payments/cancel-payment";
import { exceptionActions, resolvePaymentException } from "@/lib/domain/payments/exceptions";
import { attachRefundTransaction } from "@/lib/domain/refunds/attach-refund-transaction";
import { createRefund } from "@/lib/domain/refunds/create-refund";
import { refundExcess } from "@/lib/domain/refunds/refund-excess";
import {
  AttachPaymentTransactionBodySchema,
  AttachRefundTransactionBodySchema,
} from "@/lib/domain/schemas/attach-transaction";
import { RefundPaymentInputSchema } from "@/lib/domain/schemas/refund";
import { createPayment } from "@/lib/domain/payments/create-payment";
import { gatewayUrl } from "@/lib/domain/payments/serialize";
import { NewPaymentFormSchema, PaymentIdParamsSchema, paymentFromForm } from "@/lib/domain/schemas/payment";

function revalidatePayment(ctx: ActionContext, paymentId: string) {
  revalidatePath(`/${ctx.scope.mode}/payments/${paymentId}`);
  revalidatePath(`/${ctx.scope.mode}/payments`);
}

export const cancelPaymentAction = authorizedAction(
  "payments.cancel",
  PaymentIdParamsSchema,
  { writes: true },
  async (ctx, { paymentId }) => {
    const payment = await cancelPayment(ctx, paymentId);
    revalidatePayment(ctx, paymentId);
    return { status: payment.status };
  },
);

/** A double click, a retry or a replayed request with the same opening's key creates one refund and answers the same. */
export const refundPaymentAction = authorizedAction(
  "payments.refund",
  RefundPaymentInputSchema,
  { writes: true, once: ({ idempotencyKey }) => `dashboard-refund:${idempotencyKey}` },
  async (ctx, input) => {
    const refund = await createRefund(ctx, input);
    revalidatePayment(ctx, input.paymentId);
    return { id: refund.id, status: refund.status };
  },
);

export const attachPaymentTransactionAction = authorizedAction(
  "payments.verify",
  AttachPaymentTransactionBodySchema,
  async (ctx, input) => {
    const payment = await attachPaymentTransaction(ctx, input);
    revalidatePayment(ctx, input.paymentId);
    return { status: payment.status };
  },
);

export const attachRefundTransactionAction = authorizedAction(
  "payments.verify",
  AttachRefundTransactionBodySchema,
  async (ctx, input) => {
    const { refund, confirming } = await attachRefundTransaction(ctx, input);
    revalidatePayment(ctx, refund.paymentId);
    return { status: refund.status, confirming };
  },
);

export const resolveExceptionAction = authorizedAction(
  "payments.verify",
  PaymentIdParamsSchema.extend({ action: z.enum(exceptionActions) }),
  { writes: true },
  async (ctx, { paymentId, action }) => {
    const payment = await resolvePaymentException(ctx, paymentId, action);
    revalidatePayment(ctx, paymentId);
    return { status: payment.status, resolution: payment.exceptionResolution };
  },
);

/** One click from the exception panel; the payment's row lock lets one excess refund through however often it is sent. */
export const refundExcessAction = authorizedAction(
  "payments.refund",
  PaymentIdParamsSchema,
  { writes: true },
  async (ctx, { paymentId }) => {
    const refund = await refundExcess(ctx, paymentId);
    revalidatePayment(ctx, paymentId);
    return { id: refund.id, status: refund.status };
  },
);

export const createPaymentAction = authorizedAction(
  "payments.create",
  NewPaymentFormSchema,
  { writes: true },
  async (ctx, input) => {
    const { payment } = await createPayment(ctx, input.merchantId, paymentFromForm(input));
    revalidatePath(`/${ctx.scope.mode}/payments`);
    return { id: payment.id, url: gatewayUrl(payment.id) };
  },
);
