import "server-only";
import type { DbOrTx, Payment, PaymentAttempt } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { newId } from "@/lib/core/ids/ids";
import type { PaymentOption } from "./payment-options";
import { writePaymentAttempt } from "./payment-writes";

/**
 * A `transfer` attempt of `option` (the buyer's choice at the hosted checkout, or test mode's): any
 * wallet sends the quoted value to the destination, and the watcher or a submitted hash finds it.
 * Its quote holds until the payment expires.
 */
export function createTransferAttempt(
  tx: DbOrTx,
  payment: Payment,
  option: PaymentOption,
  quotedAt = new Date(),
): Promise<PaymentAttempt> {
  return tx.paymentAttempt.create({
    data: {
      id: newId("opt"),
      accountId: payment.accountId,
      mode: payment.mode,
      paymentId: payment.id,
      settlementId: option.settlementId,
      asset: option.asset,
      destination: option.destination,
      value: option.value,
      method: "transfer",
      expiresAt: payment.expiresAt,
      createdAt: quotedAt,
    },
  });
}

/**
 * Makes `attempt` the one the payment is being paid by: what verification checks a transfer
 * against from now on. Conditional on the version read, so a change racing it is a conflict.
 */
export async function recordActiveAttempt(
  tx: DbOrTx,
  payment: Payment,
  attempt: PaymentAttempt,
): Promise<Payment> {
  if (!(await writePaymentAttempt(tx, payment, attempt.id)))
    throw new AppError("conflict", "The payment changed at the same moment; try again.");
  return { ...payment, attemptId: attempt.id, attempt };
}
