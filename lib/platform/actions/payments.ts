"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { authorizedAction, type ActionContext } from "@/lib/platform/actions/action";
import { requestFingerprint, runIdempotent } from "@/lib/platform/api/idempotency";
import { db } from "@/lib/core/db";
import { AppError, type ErrorCode, type ErrorObject } from "@/lib/core/errors/errors";
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
import { PaymentIdParamsSchema } from "@/lib/domain/schemas/payment";
import { RefundPaymentInputSchema } from "@/lib/domain/schemas/refund";

function revalidatePayment(ctx: ActionContext, paymentId: string) {
  revalidatePath(`/${ctx.scope.mode}/payments/${paymentId}`);
  revalidatePath(`/${ctx.scope.mode}/payments`);
}

export const cancelPaymentAction = authorizedAction(
  "payments.cancel",
  PaymentIdParamsSchema,
  async (ctx, { paymentId }) => {
    const payment = await db().$transaction((tx) => cancelPayment(tx, ctx.scope, ctx.actor, paymentId));
    revalidatePayment(ctx, paymentId);
    return { status: payment.status };
  },
);

/** A double click, a retry or a replayed request with the same opening's key creates one refund and answers the same. */
export const refundPaymentAction = authorizedAction(
  "payments.refund",
  RefundPaymentInputSchema,
  async (ctx, { idempotencyKey, ...input }) => {
    const fingerprint = requestFingerprint({ method: "ACTION", path: "refundPaymentAction", body: input });
    const result = await runIdempotent(
      ctx.scope,
      `dashboard-refund:${idempotencyKey}`,
      fingerprint,
      async (tx) => {
        const refund = await createRefund(tx, ctx.scope, ctx.actor, input);
        return { status: 201, body: { id: refund.id, status: refund.status } };
      },
    );
    if (result.status >= 400) {
      const error = result.body as ErrorObject;
      throw new AppError(error.code as ErrorCode, error.message, error.details);
    }
    revalidatePayment(ctx, input.paymentId);
    return result.body as { id: string; status: string };
  },
);

export const attachPaymentTransactionAction = authorizedAction(
  "payments.verify",
  AttachPaymentTransactionBodySchema,
  async (ctx, input) => {
    const payment = await attachPaymentTransaction(ctx.scope, ctx.actor, input);
    revalidatePayment(ctx, input.paymentId);
    return { status: payment.status };
  },
);

export const attachRefundTransactionAction = authorizedAction(
  "payments.verify",
  AttachRefundTransactionBodySchema,
  async (ctx, input) => {
    const { refund, confirming } = await attachRefundTransaction(ctx.scope, ctx.actor, input);
    revalidatePayment(ctx, refund.paymentId);
    return { status: refund.status, confirming };
  },
);

export const resolveExceptionAction = authorizedAction(
  "payments.verify",
  PaymentIdParamsSchema.extend({ action: z.enum(exceptionActions) }),
  async (ctx, { paymentId, action }) => {
    const payment = await db().$transaction((tx) =>
      resolvePaymentException(tx, ctx.scope, ctx.actor, paymentId, action),
    );
    revalidatePayment(ctx, paymentId);
    return { status: payment.status, resolution: payment.exceptionResolution };
  },
);

/** One click from the exception panel; the payment's row lock lets one excess refund through however often it is sent. */
export const refundExcessAction = authorizedAction(
  "payments.refund",
  PaymentIdParamsSchema,
  async (ctx, { paymentId }) => {
    const refund = await db().$transaction((tx) => refundExcess(tx, ctx.scope, ctx.actor, paymentId));
    revalidatePayment(ctx, paymentId);
    return { id: refund.id, status: refund.status };
  },
);
