import "server-only";
import { Prisma } from "@/lib/core/db";
import { finalStatuses } from "@/lib/domain/schemas/payment";
import { dayMs, deleteOlderThan, retentionTask } from "./retention-task";

/**
 * Deletes up to `batch` quotes (payment attempts) of final payments that were never confirmed, a
 * day after they expired. The attempt a wallet confirmed, and the one the payment names, stay with
 * their payment: they are what was paid.
 */
export async function sweepFinalPaymentQuotes(batch: number, now: Date): Promise<number> {
  const final = Prisma.join(finalStatuses.map((s) => Prisma.sql`${s}::"PaymentStatus"`));
  return deleteOlderThan(
    "PaymentAttempt",
    "expiresAt",
    new Date(now.getTime() - dayMs),
    batch,
    Prisma.sql`"confirmedAt" IS NULL AND EXISTS (SELECT 1 FROM "Payment" p WHERE p."id" = "PaymentAttempt"."paymentId" AND p."status" IN (${final}) AND p."attemptId" IS DISTINCT FROM "PaymentAttempt"."id")`,
  );
}

export const gatewayOptionRetention = retentionTask(
  "Quote retention",
  { one: "expired quote of a final payment", many: "expired quotes of final payments" },
  sweepFinalPaymentQuotes,
);
