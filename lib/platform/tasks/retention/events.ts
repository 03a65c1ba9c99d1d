import "server-only";
import { db } from "@/lib/core/db";
import { env } from "@/lib/core/config/env";
import { isPartitioned, maintainPartitions } from "@/lib/core/db/partitions";
import { dayMs, retentionTask } from "./retention-task";

/**
 * Deletes up to `batch` outbox events older than RETENTION_EVENTS_DAYS, with their finished
 * deliveries, but none that a delivery still waits to send. A payment's own history (PaymentEvent)
 * is another table, kept as long as the payment.
 */
export async function sweepOldEvents(batch: number, now: Date): Promise<number> {
  // Partitioned (ops:partition-tables): the days of both tables wholly past retention are dropped
  // in one statement, pending or not (a delivery lives in its event's day), and no row deleted (a
  // day goes whole, so the oldest rows are kept up to a day longer).
  if (await isPartitioned("Event")) {
    await maintainPartitions(["WebhookDelivery", "Event"], now);
    return 0;
  }
  return db().$executeRaw`
    DELETE FROM "Event" WHERE "id" IN (
      SELECT e."id" FROM "Event" e
      WHERE e."createdAt" < ${new Date(now.getTime() - env.RETENTION_EVENTS_DAYS * dayMs)}
        AND NOT EXISTS (SELECT 1 FROM "WebhookDelivery" d WHERE d."eventId" = e."id" AND d."status" = 'pending')
      ORDER BY e."createdAt" LIMIT ${batch} FOR UPDATE SKIP LOCKED)`;
}

export const eventRetention = retentionTask(
  "Event retention",
  { one: "old event", many: "old events" },
  sweepOldEvents,
);
