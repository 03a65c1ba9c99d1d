import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { notFound } from "@/lib/core/errors/errors";
import { isId } from "@/lib/core/ids/ids";
import type { Scope } from "@/lib/core/tenancy/scope";
import { eventPayload } from "@/lib/domain/events/event-body";

/** One event of this account and mode, as its webhook body, or 404. */
export async function getEvent(q: DbOrTx, scope: Scope, eventId: string) {
  const event = isId("evt", eventId)
    ? await q.event.findFirst({ where: { id: eventId, accountId: scope.accountId, mode: scope.mode } })
    : null;
  if (!event) throw notFound("Event");
  return eventPayload(event);
}
