import "server-only";
import type { DbOrTx } from "@/lib/core/db";

/** The PostgreSQL channel a payment's id is sent on when a change to it commits. */
export const paymentChangedChannel = "tollgate_payment_changed";

/** Tells every instance's held polls (./payment-changes.ts) that this payment changed, when `tx` commits. */
export async function notifyPaymentChanged(tx: DbOrTx, paymentId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${paymentChangedChannel}, ${paymentId})`;
}
