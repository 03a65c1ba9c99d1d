import "server-only";
import type { Payment, DbOrTx } from "@/lib/core/db";
import { subValues } from "@/lib/core/money/money";

/**
 * What is left to refund of a payment: its amount less every refund not failed (pending ones
 * included), in the payment's unit. The refund of an overpayment's excess returns money beyond the
 * amount, so it does not count. Only a succeeded payment can be refunded at all, so check its
 * status too. To act on the answer, hold the payment's row lock (as createRefund does).
 */
export async function refundableValue(q: DbOrTx, payment: Payment): Promise<string> {
  const reserved = await q.refund.aggregate({
    where: {
      paymentId: payment.id,
      accountId: payment.accountId,
      mode: payment.mode,
      status: { in: ["pending", "succeeded"] },
      excess: false,
    },
    _sum: { amountValue: true },
  });
  return subValues(payment.amountValue.toFixed(), reserved._sum.amountValue?.toFixed() ?? "0");
}
