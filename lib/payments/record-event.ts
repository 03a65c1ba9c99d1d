import "server-only";
import type { Payment, Prisma, DbOrTx } from "@/lib/db";
import { AppError } from "@/lib/errors/errors";
import { newId } from "@/lib/db/ids";
import { notifyPaymentChanged } from "./payment-changes";

/**
 * Adds a step to a payment's timeline that does not change its status (a submitted or rejected
 * transaction, an attached hash). It takes the payment's next version like a transition does, so
 * the timeline stays ordered and a racing change fails instead of interleaving.
 */
export async function recordPaymentEvent(tx: DbOrTx, payment: Payment, event: { type: string; actor: string; data: Prisma.InputJsonValue }): Promise<Payment> {
  const { count } = await tx.payment.updateMany({ where: { id: payment.id, version: payment.version }, data: { version: { increment: 1 } } });
  if (count === 0) throw new AppError("conflict", "The payment changed at the same moment; try again.");
  await tx.paymentEvent.create({
    data: { id: newId("pev"), accountId: payment.accountId, mode: payment.mode, paymentId: payment.id, version: payment.version + 1, type: event.type, actor: event.actor, data: event.data },
  });
  await notifyPaymentChanged(tx, payment.id);
  return { ...payment, version: payment.version + 1 };
}
