import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { isPartitionedNow } from "@/lib/core/db/partitions";
import { decodeCursor, newestFirst, newestFirstByWindow, toPage } from "@/lib/core/db/pagination";
import type { ListEventsFilter } from "@/lib/domain/schemas/event";
import type { Scope } from "@/lib/core/tenancy/scope";
import { eventPayload } from "@/lib/domain/events/event-body";

/** The account and mode's events of the last RETENTION_EVENTS_DAYS, newest first. */
export async function listEvents(q: DbOrTx, scope: Scope, filter: ListEventsFilter) {
  const take = filter.limit + 1;
  const rows = await newestFirstByWindow(
    filter.cursor ? decodeCursor(filter.cursor) : null,
    take,
    await isPartitionedNow("Event"),
    (span) =>
      q.event.findMany({
        where: {
          AND: [
            { accountId: scope.accountId, mode: scope.mode },
            filter.type ? { type: filter.type } : {},
            span,
          ],
        },
        orderBy: newestFirst,
        take,
      }),
  );
  return toPage(rows, filter.limit, eventPayload);
}
