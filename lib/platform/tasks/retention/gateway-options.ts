import "server-only";
import { Prisma } from "@/lib/core/db";
import { finalStatuses } from "@/lib/domain/schemas/payment";
import { dayMs, deleteOlderThan, retentionTask } from "./retention-task";

/**
 * Deletes up to `batch` quotes (gateway options) of final payments that were never confirmed, a
 * day after they expired. The quote a wallet confirmed stays with its payment: it is what was paid.
 */
export async function sweepFinalPaymentQuotes(batch: number, now: Date): Promise<number> {
  const final = Prisma.join(finalStatuses.map((s) => Prisma.sql`${s}::"PaymentStatus"`));
  return deleteOlderThan(
    "GatewayOption",
    "expiresAt",
    new Date(now.getTime() - dayMs),
    batch,
    Prisma.sql`"confirmedAt" IS NULL AND EXISTS (SELECT 1 FROM "Payment" p WHERE p."id" = "GatewayOption"."paymentId" AND p."status" IN (${final}))`,
  );
}

export const gatewayOptionRetention = retentionTask(
  "Quote retention",
  { one: "expired quote of a final payment", many: "expired quotes of final payments" },
  sweepFinalPaymentQuotes,
);
