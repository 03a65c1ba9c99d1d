import "server-only";
import type { Refund, DbOrTx } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { recordEvent } from "@/lib/domain/events/record-event";
import { refundSnapshot } from "@/lib/domain/refunds/snapshot";
import { closePaymentException } from "@/lib/domain/payments/exceptions";

/**
 * Marks a pending refund succeeded with the transfer that returned the money (`test:<id>` in test
 * mode; in live mode only once that transfer is verified on-chain), and counts it in the
 * payment's refundedValue. Conditional on `pending`, so a refund completes at most once.
 */
export async function completeRefund(tx: DbOrTx, refund: Refund, txId: string): Promise<Refund> {
  const { count } = await tx.refund.updateMany({
    where: { id: refund.id, status: "pending" },
    data: { status: "succeeded", txId },
  });
  if (count === 0) throw new AppError("conflict", "This refund is no longer pending.");
  // An excess refund returns what was paid beyond the amount: the payment itself is not refunded,
  // and its overpayment exception is dealt with.
  const payment = refund.excess
    ? await closePaymentException(
        tx,
        await tx.payment.findUniqueOrThrow({ where: { id: refund.paymentId } }),
        refund.createdBy,
        "refunded",
        `Refund ${refund.id}`,
      )
    : await tx.payment.update({
        where: { id: refund.paymentId },
        data: { refundedValue: { increment: refund.amountValue } },
      });
  const completed = await tx.refund.findUniqueOrThrow({ where: { id: refund.id } });
  await recordEvent(tx, refund, "refund.succeeded", refundSnapshot(completed, payment));
  return completed;
}
