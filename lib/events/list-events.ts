import "server-only";
import type { DbOrTx } from "@/lib/db";
import { afterPosition, decodeCursor, newestFirst, toPage } from "@/lib/db/pagination";
import type { ListEventsFilter } from "@/lib/schemas/event";
import type { Scope } from "@/lib/tenancy/scope";
import { eventPayload } from "@/lib/webhooks/event-body";

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
