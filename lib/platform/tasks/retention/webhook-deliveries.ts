import "server-only";
import { Prisma } from "@/lib/core/db";
import { env } from "@/lib/core/config/env";
import { isPartitioned, maintainPartitions } from "@/lib/core/db/partitions";
import { dayMs, deleteOlderThan, retentionTask } from "./retention-task";

/**
 * Deletes up to `batch` webhook deliveries created more than RETENTION_EVENTS_DAYS ago that have
 * succeeded or failed for good; a pending one (still being retried, or redelivered) stays.
 */
export async function sweepOldDeliveries(batch: number, now: Date): Promise<number> {
  // Partitioned: the days wholly past retention are dropped (pending or not), and no row deleted.
  if (await isPartitioned("WebhookDelivery")) {
    await maintainPartitions(["WebhookDelivery"], now);
    return 0;
  }
  return deleteOlderThan(
    "WebhookDelivery",
    "createdAt",
    new Date(now.getTime() - env.RETENTION_EVENTS_DAYS * dayMs),
    batch,
    Prisma.sql`"status" <> 'pending'`,
  );
}

export const webhookDeliveryRetention = retentionTask(
  "Webhook delivery retention",
  { one: "old webhook delivery", many: "old webhook deliveries" },
  sweepOldDeliveries,
);
