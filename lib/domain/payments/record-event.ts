import "server-only";
import type { Payment, Prisma, DbOrTx } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { newId } from "@/lib/core/ids/ids";
import { notifyPaymentChanged } from "./notify-payment-changed";

/**
 * Adds a step to a payment's timeline that does not change its status (a submitted or rejected
 * transaction, an attached hash). It takes the payment's next version like a transition does, so
 * the timeline stays ordered and a racing change fails instead of interleaving.
 */
export async function recordPaymentEvent(
  tx: DbOrTx,
  payment: Payment,
  event: { type: string; actor: string; data: Prisma.InputJsonValue },
): Promise<Payment> {
  const { count } = await tx.payment.updateMany({
    where: { id: payment.id, version: payment.version },
    data: { version: { increment: 1 } },
  });
  if (count === 0) throw new AppError("conflict", "The payment changed at the same moment; try again.");
  await tx.paymentEvent.create({
    data: {
      id: newId("pev"),
      accountId: payment.accountId,
      mode: payment.mode,
      paymentId: payment.id,
      version: payment.version + 1,
      type: event.type,
      actor: event.actor,
      data: event.data,
    },
  });
  await notifyPaymentChanged(tx, payment.id);
  return { ...payment, version: payment.version + 1 };
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
