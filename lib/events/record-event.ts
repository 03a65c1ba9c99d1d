import "server-only";
import type { Event, Prisma, Tx } from "@/lib/db";
import { newId } from "@/lib/ids";
import type { Scope } from "@/lib/scope";
import { allEvents, type EventType } from "./event-types";

/**
 * Writes an event to the outbox, and a pending delivery for each enabled endpoint of the account
 * and mode that subscribes to its type, in the caller's transaction: the change and its
 * notification commit together or not at all. The worker sends them afterwards.
 * `onlyEndpointId` addresses one endpoint whatever it subscribes to (the "send test event" case).
 */
export async function recordEvent(tx: Tx, scope: Scope, type: EventType, object: Prisma.InputJsonObject, options: { onlyEndpointId?: string } = {}): Promise<Event> {
  const now = new Date();
  const event = await tx.event.create({ data: { id: newId("evt"), accountId: scope.accountId, mode: scope.mode, type, data: object, paymentId: paymentOf(type, object), createdAt: now } });
  const endpoints = await tx.webhookEndpoint.findMany({
    where: {
      accountId: scope.accountId,
      mode: scope.mode,
      ...(options.onlyEndpointId ? { id: options.onlyEndpointId } : { enabled: true, OR: [{ events: { has: type } }, { events: { has: allEvents } }] }),
    },
    select: { id: true },
  });
  if (endpoints.length > 0) {
    await tx.webhookDelivery.createMany({
      data: endpoints.map((e) => ({ id: newId("whd"), accountId: scope.accountId, mode: scope.mode, endpointId: e.id, eventId: event.id, nextAttemptAt: now, createdAt: now })),
    });
  }
  return event;
}

/** The payment a snapshot is about: a payment's own id, or a refund's payment. */
function paymentOf(type: EventType, object: Prisma.InputJsonObject): string | null {
  const payment = type.startsWith("payment.") ? object : type.startsWith("refund.") ? object.payment : null;
  const id = payment && typeof payment === "object" && !Array.isArray(payment) ? (payment as Prisma.InputJsonObject).id : null;
  return typeof id === "string" ? id : null;
}
