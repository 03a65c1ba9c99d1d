import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { isPartitionedNow } from "@/lib/core/db/partitions";
import { notFound } from "@/lib/core/errors/errors";
import { isId } from "@/lib/core/ids/ids";
import { newestFirstByWindow } from "@/lib/core/db/pagination";
import type { Scope } from "@/lib/core/tenancy/scope";
import { eventPayload } from "@/lib/domain/events/event-body";

/** One event of this account and mode, as its webhook body, or 404. */
export async function getEvent(q: DbOrTx, scope: Scope, eventId: string) {
  const [event] = isId("evt", eventId)
    ? await newestFirstByWindow(null, 1, await isPartitionedNow("Event"), (span) =>
        q.event.findMany({
          where: { AND: [{ id: eventId, accountId: scope.accountId, mode: scope.mode }, span] },
        }),
      )
    : [];
  if (!event) throw notFound("Event");
  return eventPayload(event);
}
