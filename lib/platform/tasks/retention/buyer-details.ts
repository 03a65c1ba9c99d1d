import "server-only";
import { env } from "@/lib/core/config/env";
import { db } from "@/lib/core/db";
import { dayMs, retentionTask } from "./retention-task";

/**
 * Erases the buyer details (information capture) of up to `batch` payments given more than
 * RETENTION_BUYER_DETAILS_DAYS ago; the payment itself is kept.
 */
export async function eraseOldBuyerDetails(batch: number, now: Date): Promise<number> {
  const before = new Date(now.getTime() - env.RETENTION_BUYER_DETAILS_DAYS * dayMs);
  return db().$executeRaw`
    UPDATE "Payment" SET "collectedData" = NULL, "collectedDataAt" = NULL WHERE "id" IN (
      SELECT "id" FROM "Payment" WHERE "collectedDataAt" < ${before}
      ORDER BY "collectedDataAt" LIMIT ${batch} FOR UPDATE SKIP LOCKED)`;
}

export const buyerDetailsRetention = retentionTask(
  "Buyer details retention",
  { one: "payment's buyer details", many: "payments' buyer details" },
  eraseOldBuyerDetails,
);
