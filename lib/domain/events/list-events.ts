import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { afterPosition, decodeCursor, newestFirst, toPage } from "@/lib/core/db/pagination";
import type { ListEventsFilter } from "@/lib/domain/schemas/event";
import type { Scope } from "@/lib/core/tenancy/scope";
import { eventPayload } from "@/lib/domain/events/event-body";

/** The account and mode's events of the last RETENTION_EVENTS_DAYS, newest first. */
export async function listEvents(q: DbOrTx, scope: Scope, filter: ListEventsFilter) {
  const rows = await q.event.findMany({
    where: {
      AND: [
        { accountId: scope.accountId, mode: scope.mode },
        filter.type ? { type: filter.type } : {},
        afterPosition(filter.cursor ? decodeCursor(filter.cursor) : null),
      ],
    },
    orderBy: newestFirst,
    take: filter.limit + 1,
  });
  return toPage(rows, filter.limit, eventPayload);
}
