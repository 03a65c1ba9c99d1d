import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { type Refund, withAttempt } from "@/lib/core/db";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { compareValues } from "@/lib/core/money/money";
import { getPayment } from "@/lib/domain/payments/get-payment";
import type { CreateRefundInput } from "@/lib/domain/schemas/refund";
import { openRefund } from "./open-refund";
import { refundableValue } from "./refundable-amount";
import { refundExcess } from "./refund-excess";

/**
 * Refunds all of a succeeded payment that is not refunded yet, or part of it. Pending refunds count
 * against what is left, so the refunds of a payment never add up to more than was paid.
 * Test mode completes the refund at once; live mode leaves it pending until the return transfer is
 * verified.
 */
export async function createRefund(ctx: CallContext, input: CreateRefundInput): Promise<Refund> {
  const { tx, scope } = ctx;
  // The refunds API answers an unknown payment with not_found, as WalletConnect Pay's does.
  const { id: paymentId } = await getPayment(tx, scope, input.paymentId).catch((error: unknown) => {
    throw error instanceof AppError && error.code === "payment_not_found" ? notFound("Payment") : error;
  });
  if (input.excess) {
    if (input.amount || input.reason) {
      const message =
        "Leave out amount and reason when refunding the excess: it is exactly what was paid beyond the quote.";
      throw new AppError("params_validation", `Invalid request body. excess: ${message}`, {
        fields: { excess: message },
      });
    }
    return refundExcess(ctx, paymentId);
  }
  // Concurrent refunds of one payment queue on its row here, so each one sums the others' amounts
  // only after they have committed.
  await tx.$queryRaw`SELECT "id" FROM "Payment" WHERE "id" = ${paymentId} FOR UPDATE`;
  const payment = await tx.payment.findUniqueOrThrow({ where: { id: paymentId }, include: withAttempt });
  if (payment.status !== "succeeded") {
    throw new AppError(
      "payment_not_succeeded",
      `Only a succeeded payment can be refunded; this one is ${payment.status}.`,
      { status: payment.status },
    );
  }
  if (input.amount && input.amount.unit !== payment.amountUnit) {
    const message = `Must be in the payment's unit, ${payment.amountUnit}.`;
    throw new AppError("params_validation", `Invalid request body. amount.unit: ${message}`, {
      fields: { "amount.unit": message },
    });
  }

  const refundable = await refundableValue(tx, payment);
  if (refundable === "0") throw new AppError("already_refunded", "This payment is already fully refunded.");
  const value = input.amount?.value ?? refundable;
  if (compareValues(value, refundable) > 0) {
    const message = `At most "${refundable}" (${payment.amountUnit}), what is left to refund of this payment.`;
    throw new AppError("params_validation", `Invalid request body. amount.value: ${message}`, {
      fields: { "amount.value": message },
      refundable: { unit: payment.amountUnit, value: refundable },
    });
  }

  return openRefund(
    ctx,
    payment,
    { amountValue: value, reason: input.reason ?? null },
    { amount: { unit: payment.amountUnit, value } },
  );
}
