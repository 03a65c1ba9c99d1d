import type { Event, WebhookDelivery, WebhookEndpoint } from "@/lib/core/db";
import type { WebhookDeliveryJson, WebhookEndpointJson } from "@/lib/domain/schemas/webhook";
import { eventBody } from "@/lib/domain/events/event-body";

export function serializeEndpoint(e: WebhookEndpoint): WebhookEndpointJson {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    events: e.events,
    enabled: e.enabled,
    failingSince: e.failingSince?.toISOString() ?? null,
    disabledAt: e.disabledAt?.toISOString() ?? null,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

export function serializeDelivery(d: WebhookDelivery & { event: Event }): WebhookDeliveryJson {
  return {
    id: d.id,
    endpointId: d.endpointId,
    eventId: d.eventId,
    eventType: d.event.type,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.status === "pending" ? d.nextAttemptAt.toISOString() : null,
    lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
    // Rebuilt from the stored event rather than copied per delivery: it is byte for byte what was sent.
    requestBody: eventBody(d.event),
    responseStatus: d.responseStatus,
    durationMs: d.durationMs,
    responseExcerpt: d.responseExcerpt,
    error: d.error,
    createdAt: d.createdAt.toISOString(),
  };
}
