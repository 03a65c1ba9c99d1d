import type { Event } from "@/lib/db";

/**
 * The JSON body POSTed for an event. The same for every attempt, so a receiver can dedupe on `id`;
 * only the signature's timestamp changes between attempts.
 */
export function eventBody(event: Event): string {
  return JSON.stringify({ id: event.id, type: event.type, mode: event.mode, createdAt: event.createdAt.toISOString(), data: { object: event.data } });
}
