import "server-only";
import { Prisma, type Event, type DbOrTx } from "@/lib/core/db";
import { ID_RANDOM_LENGTH, newId } from "@/lib/core/ids/ids";
import type { Scope } from "@/lib/core/tenancy/scope";
import { allEvents, type EventType } from "@/lib/domain/schemas/event-types";

/**
 * Writes an event to the outbox, and a pending delivery for each enabled endpoint of the account
 * and mode that subscribes to its type, in the caller's transaction: the change and its
 * notification commit together or not at all. The worker sends them afterwards.
 * `onlyEndpointId` addresses one endpoint whatever it subscribes to (the "send test event" case).
 */
export async function recordEvent(
  tx: DbOrTx,
  scope: Scope,
  type: EventType,
  object: Prisma.InputJsonObject,
  options: { onlyEndpointId?: string } = {},
): Promise<Event> {
  const now = new Date();
  const event = await tx.event.create({
    data: {
      id: newId("evt"),
      accountId: scope.accountId,
      mode: scope.mode,
      type,
      data: object,
      paymentId: paymentOf(type, object),
      createdAt: now,
    },
  });
  const endpoints = options.onlyEndpointId
    ? await tx.webhookEndpoint.findMany({
        where: { id: options.onlyEndpointId, accountId: scope.accountId, mode: scope.mode },
        select: { id: true },
      })
    : await tx.$queryRaw<{ id: string }[]>(subscribedEndpoints(scope, type));
  await queueDeliveries(
    tx,
    scope,
    event.id,
    endpoints.map((e) => e.id),
    now,
  );
  return event;
}

/**
 * The ids of the enabled endpoints of the account and mode subscribed to `type`. Raw SQL so that a
 * hot path (creating a payment) can run it inside its own single statement.
 */
export function subscribedEndpoints(scope: Scope, type: EventType): Prisma.Sql {
  return Prisma.sql`SELECT id FROM "WebhookEndpoint" WHERE "accountId" = ${scope.accountId} AND mode = ${scope.mode}::"Mode" AND enabled AND (${type} = ANY(events) OR ${allEvents} = ANY(events))`;
}

/**
 * An INSERT of a pending delivery of an event to each subscribed endpoint, due at `now`, for a
 * statement that also writes the event (`after`: the CTE that yields a row when it did). The ids are
 * made in the statement, from the event's random id and the endpoint's (a pair that is unique).
 */
export function insertDeliveries(
  scope: Scope,
  type: EventType,
  eventId: string,
  now: Prisma.Sql,
  after: Prisma.Sql,
): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO "WebhookDelivery" (id, "accountId", mode, "endpointId", "eventId", "nextAttemptAt", "createdAt")
    SELECT 'whd_' || substr(md5(${eventId} || endpoint.id), 1, ${ID_RANDOM_LENGTH}), ${scope.accountId}, ${scope.mode}::"Mode", endpoint.id, ${eventId}, ${now}, ${now}
    FROM (${subscribedEndpoints(scope, type)}) AS endpoint, ${after}`;
}

/** A pending delivery of an event to each endpoint, due now. */
export async function queueDeliveries(
  tx: DbOrTx,
  scope: Scope,
  eventId: string,
  endpointIds: string[],
  now: Date,
): Promise<void> {
  if (endpointIds.length === 0) return;
  await tx.webhookDelivery.createMany({
    data: endpointIds.map((endpointId) => ({
      id: newId("whd"),
      accountId: scope.accountId,
      mode: scope.mode,
      endpointId,
      eventId,
      nextAttemptAt: now,
      createdAt: now,
    })),
  });
}

/** The payment a snapshot is about: a payment's own id, or a refund's payment. */
function paymentOf(type: EventType, object: Prisma.InputJsonObject): string | null {
  const payment = type.startsWith("payment.") ? object : type.startsWith("refund.") ? object.payment : null;
  const id =
    payment && typeof payment === "object" && !Array.isArray(payment)
      ? (payment as Prisma.InputJsonObject).id
      : null;
  return typeof id === "string" ? id : null;
}
