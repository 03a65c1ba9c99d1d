import type { Event } from "@/lib/core/db";
import type { EventJson } from "@/lib/domain/schemas/event";

/** An event as webhooks carry it, and as `GET /v1/events/{id}` answers it. */
export function eventPayload(event: Event): EventJson {
  return {
    id: event.id,
    type: event.type,
    mode: event.mode,
    createdAt: event.createdAt.toISOString(),
    data: { object: event.data as EventJson["data"]["object"] },
  };
}

/**
 * The JSON body POSTed for an event. The same for every attempt, so a receiver can dedupe on `id`;
 * only the signature's timestamp changes between attempts.
 */
export function eventBody(event: Event): string {
  return JSON.stringify(eventPayload(event));
}
