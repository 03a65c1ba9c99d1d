import "server-only";
import type { DbOrTx, Event, WebhookDelivery } from "@/lib/core/db";
import { isPartitionedNow } from "@/lib/core/db/partitions";

/**
 * Deliveries with their events, the events read in one query. A delivery is stamped with its
 * event's `createdAt` (written together; `ops:partition-tables` aligned older ones), so on
 * partitioned tables the read names those instants too and probes only their days' partitions,
 * where a read by id alone (Prisma's `include`) probes every partition's index.
 */
export async function withEvents<D extends WebhookDelivery>(
  q: DbOrTx,
  deliveries: D[],
): Promise<(D & { event: Event })[]> {
  if (deliveries.length === 0) return [];
  const unique = <T>(values: T[]) => [...new Set(values)];
  const events = await q.event.findMany({
    where: {
      id: { in: unique(deliveries.map((d) => d.eventId)) },
      ...((await isPartitionedNow("Event"))
        ? { createdAt: { in: unique(deliveries.map((d) => d.createdAt.getTime())).map((t) => new Date(t)) } }
        : {}),
    },
  });
  const byId = new Map(events.map((e) => [e.id, e]));
  // Every delivery has its event (nothing deletes one without the other); one without is not shown.
  return deliveries.flatMap((d) => {
    const event = byId.get(d.eventId);
    return event ? [{ ...d, event }] : [];
  });
}
