import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { type Payment, type Refund, withAttempt } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { formatAssetAmount } from "@/lib/core/money/format-amount";
import { getPayment } from "@/lib/domain/payments/get-payment";
import { tenant } from "@/lib/core/tenancy/scope";
import { openRefund } from "./open-refund";

/** What an overpaid payment owes its buyer back, in the paid asset's smallest unit: received less quoted. */
export function overpaidExcess(
  payment: Pick<Payment, "exceptionType" | "exceptionExpected" | "exceptionReceived">,
): bigint | null {
  if (payment.exceptionType !== "overpaid" || !payment.exceptionExpected || !payment.exceptionReceived)
    return null;
  const excess = BigInt(payment.exceptionReceived.toFixed()) - BigInt(payment.exceptionExpected.toFixed());
  return excess > 0n ? excess : null;
}

/**
 * Refunds exactly the excess of an overpayment, through the ordinary refund path: a refund row that
 * returns `assetValue` of the paid asset (test mode completes it at once; live mode waits for the
 * return transfer, verified like any refund's), and resolves the exception as refunded when it
 * succeeds. Its `amount` is the excess in the payment's unit, at the payment's quote, rounded up,
 * for display; it does not reduce what is left to refund of the payment itself. Under the payment's
 * row lock, one excess refund at most is pending or succeeded, so a double click refunds once.
 */
export async function refundExcess(ctx: CallContext, paymentId: string): Promise<Refund> {
  const { tx, scope } = ctx;
  const { id } = await getPayment(tx, scope, paymentId);
  await tx.$queryRaw`SELECT "id" FROM "Payment" WHERE "id" = ${id} FOR UPDATE`;
  const payment = await tx.payment.findUniqueOrThrow({ where: { id }, include: withAttempt });
  const excess = overpaidExcess(payment);
  if (!excess || payment.status !== "succeeded" || !payment.attempt) {
    throw new AppError(
      "invalid_state",
      "Only the excess of a succeeded, overpaid payment can be refunded this way.",
      { status: payment.status },
    );
  }
  if (payment.exceptionResolution)
    throw new AppError("invalid_state", "This payment's overpayment is already resolved.", {
      status: payment.status,
    });
  const existing = await tx.refund.findFirst({
    where: { paymentId: id, ...tenant(scope), excess: true, status: { in: ["pending", "succeeded"] } },
  });
  if (existing)
    throw new AppError(
      "already_refunded",
      `The excess is already being refunded (${existing.id}, ${existing.status}).`,
    );

  const quoted = BigInt(payment.attempt.value.toFixed());
  const amountValue = ((excess * BigInt(payment.amountValue.toFixed()) + quoted - 1n) / quoted).toString();
  return openRefund(
    ctx,
    payment,
    {
      amountValue,
      assetValue: excess.toString(),
      excess: true,
      reason: `Excess of an overpayment: ${formatAssetAmount(payment.exceptionAsset!, excess.toString())}`,
    },
    { excess: { asset: payment.exceptionAsset, value: excess.toString() } },
  );
}
