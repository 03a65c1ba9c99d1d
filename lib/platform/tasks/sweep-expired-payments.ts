import "server-only";
import { db } from "@/lib/core/db";
import { transitionPayment } from "@/lib/domain/payments/transition";

/**
 * Expires unpaid payments past their expiresAt, a batch at a time, through the state machine (so
 * each gets its PaymentEvent and payment.expired webhook). SKIP LOCKED lets several workers sweep
 * side by side; a payment someone is paying or cancelling right now is left for the next round.
 * Returns how many it expired.
 */
export async function sweepExpiredPayments(limit: number): Promise<number> {
  const now = new Date();
  return db().$transaction(
    async (tx) => {
      const due = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "Payment"
      WHERE "status" = 'requires_action' AND "expiresAt" <= ${now}
      ORDER BY "expiresAt" LIMIT ${limit}
      FOR UPDATE SKIP LOCKED`;
      if (due.length === 0) return 0;
      const payments = await tx.payment.findMany({ where: { id: { in: due.map((row) => row.id) } } });
      for (const payment of payments)
        await transitionPayment(tx, payment, "expired", {
          actor: "system",
          data: { reason: "expiresAt passed" },
        });
      return payments.length;
    },
    { timeout: 30_000, maxWait: 10_000 },
  );
}
