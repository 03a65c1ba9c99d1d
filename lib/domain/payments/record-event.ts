import "server-only";
import type { PaymentRow, Prisma, DbOrTx } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { newId } from "@/lib/core/ids/ids";
import { notifyPaymentChanged } from "./notify-payment-changed";
import { writePaymentVersion } from "./payment-writes";

/**
 * Adds a step to a payment's timeline that does not change its status (a submitted or rejected
 * transaction, an attached hash). It takes the payment's next version like a transition does, so
 * the timeline stays ordered and a racing change fails instead of interleaving.
 */
export async function recordPaymentEvent<P extends PaymentRow>(
  tx: DbOrTx,
  payment: P,
  event: { type: string; actor: string; data: Prisma.InputJsonValue },
): Promise<P> {
  if (!(await writePaymentVersion(tx, payment)))
    throw new AppError("conflict", "The payment changed at the same moment; try again.");
  await insertPaymentEvent(tx, payment, event);
  await notifyPaymentChanged(tx, payment.id);
  return { ...payment, version: payment.version + 1 };
}

/** Writes the timeline row of the step that takes `payment` (as read) to its next version. */
export async function insertPaymentEvent(
  tx: DbOrTx,
  payment: PaymentRow,
  event: {
    type: string;
    actor: string;
    data: Prisma.InputJsonValue;
    fromStatus?: PaymentRow["status"];
    toStatus?: PaymentRow["status"];
    createdAt?: Date;
  },
): Promise<void> {
  await tx.paymentEvent.create({
    data: {
      id: newId("pev"),
      accountId: payment.accountId,
      mode: payment.mode,
      paymentId: payment.id,
      version: payment.version + 1,
      ...event,
    },
  });
}

/**
 * Runs `work` (which reads the payment afresh) again when a racing change to the same payment made
 * it lose the version check, as the background watcher or a second request may; one more try then
 * succeeds, or sees what the other one wrote.
 */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof AppError && error.code === "conflict") || i >= attempts) throw error;
    }
  }
}
