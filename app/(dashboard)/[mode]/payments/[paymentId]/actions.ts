"use server";

import { revalidatePath } from "next/cache";
import { authorizedAction, type ActionContext } from "@/lib/actions/action";
import { db } from "@/lib/db";
import { attachPaymentTransaction } from "@/lib/payments/attach-transaction";
import { cancelPayment } from "@/lib/payments/cancel-payment";
import { attachRefundTransaction } from "@/lib/refunds/attach-refund-transaction";
import { createRefund } from "@/lib/refunds/create-refund";
import { AttachPaymentTransactionBody, AttachRefundTransactionBody } from "@/lib/schemas/attach-transaction";
import { PaymentIdParams } from "@/lib/schemas/payment";
import { CreateRefundBody } from "@/lib/schemas/refund";

function revalidatePayment(ctx: ActionContext, paymentId: string) {
  revalidatePath(`/${ctx.scope.mode}/payments/${paymentId}`);
  revalidatePath(`/${ctx.scope.mode}/payments`);
}

export const cancelPaymentAction = authorizedAction("payments.cancel", PaymentIdParams, async (ctx, { paymentId }) => {
  const payment = await db().$transaction((tx) => cancelPayment(tx, ctx.scope, ctx.actor, paymentId));
  revalidatePayment(ctx, paymentId);
  return { status: payment.status };
});

export const refundPaymentAction = authorizedAction("payments.refund", CreateRefundBody, async (ctx, input) => {
  const refund = await db().$transaction((tx) => createRefund(tx, ctx.scope, ctx.actor, input));
  revalidatePayment(ctx, input.paymentId);
  return { id: refund.id, status: refund.status };
});

export const attachPaymentTransactionAction = authorizedAction("payments.verify", AttachPaymentTransactionBody, async (ctx, input) => {
  const payment = await attachPaymentTransaction(ctx.scope, ctx.actor, input);
  revalidatePayment(ctx, input.paymentId);
  return { status: payment.status };
});

export const attachRefundTransactionAction = authorizedAction("payments.verify", AttachRefundTransactionBody, async (ctx, input) => {
  const { refund, confirming } = await attachRefundTransaction(ctx.scope, ctx.actor, input);
  revalidatePayment(ctx, refund.paymentId);
  return { status: refund.status, confirming };
});
