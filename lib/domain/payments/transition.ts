import "server-only";
import type { Payment, PaymentRow, PaymentStatus, Prisma, DbOrTx } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import type { EventType } from "@/lib/domain/schemas/event-types";
import { recordEvent } from "@/lib/domain/events/record-event";
import { paymentSnapshot } from "@/lib/domain/payments/snapshot";
import { mailReceiptIfWanted } from "@/lib/domain/receipts/mail-receipt";
import { notifyPaymentChanged } from "./notify-payment-changed";
import { loadPayment, writePaymentStatus, type PaymentOutcome } from "./payment-writes";
import { insertPaymentEvent } from "./record-event";
import { canTransition, isFinalStatus, sourcesOf } from "./lifecycle";

export type TransitionOptions = {
  actor: string;
  data?: Prisma.InputJsonValue;
  /** What changes with the status: the outcome (txId, paidValue, payerAddress) or failureReason. */
  patch?: PaymentOutcome;
  /** Live verification may complete a payment whose transfer happened before expiry but confirmed after. */
  allowOverdue?: boolean;
};

/**
 * Moves a payment to `to`, recording the step as a PaymentEvent with the next version, and its
 * webhook event, in the caller's transaction. The update is conditional on the version read, so
 * of two racing transitions exactly one wins; the other gets 409 `conflict` (read again and retry),
 * or 400 `invalid_state` when the status it reached no longer allows this one.
 */
export async function transitionPayment(
  tx: DbOrTx,
  payment: PaymentRow,
  to: PaymentStatus,
  options: TransitionOptions,
): Promise<Payment> {
  if (!canTransition(payment.status, to)) throw refusal(payment.status, to);
  const now = new Date();
  // An unpaid payment past its expiry is expired, whether or not anyone has recorded it yet.
  if (
    payment.status === "requires_action" &&
    to !== "expired" &&
    !options.allowOverdue &&
    payment.expiresAt <= now
  )
    throw refusal("expired", to);
  const moved = await writePaymentStatus(
    tx,
    payment,
    to,
    sourcesOf(to),
    isFinalStatus(to) ? now : null,
    options.patch,
  );
  if (!moved) {
    const current = await tx.payment.findUniqueOrThrow({
      where: { id: payment.id },
      select: { status: true },
    });
    // Only the version moved (another change won the race from a status that still allows this
    // one): reading again and retrying may succeed, so it is a conflict, not a refusal.
    if (sourcesOf(to).includes(current.status))
      throw new AppError("conflict", "The payment changed at the same moment; try again.");
    throw refusal(current.status, to);
  }
  await insertPaymentEvent(tx, payment, {
    type: `payment.${to}`,
    fromStatus: payment.status,
    toStatus: to,
    actor: options.actor,
    data: options.data ?? {},
    createdAt: now,
  });
  const updated = await loadPayment(tx, payment.id);
  await notifyPaymentChanged(tx, payment.id);
  await recordEvent(tx, updated, `payment.${to}` as EventType, paymentSnapshot(updated));
  await mailReceiptIfWanted(tx, updated);
  return updated;
}

function refusal(from: PaymentStatus, to: PaymentStatus): AppError {
  if (isFinalStatus(from)) {
    return new AppError("invalid_state", `This payment is already ${from}; a final payment cannot change.`, {
      status: from,
      final: true,
    });
  }
  return new AppError("invalid_state", `A ${from} payment cannot become ${to}.`, {
    status: from,
    final: false,
  });
}

/** True when `error` refused a change because the payment had already reached a final status. */
export function isFinalPaymentRefusal(error: unknown): error is AppError {
  return error instanceof AppError && error.code === "invalid_state" && error.details?.final === true;
}
