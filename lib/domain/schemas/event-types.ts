// The events a webhook endpoint can subscribe to. `webhook.test` is sent only on request, to one
// endpoint, whatever it subscribes to.
export const eventTypes = [
  "payment.created",
  "payment.processing",
  "payment.succeeded",
  "payment.failed",
  "payment.cancelled",
  "payment.expired",
  "payment.exception",
  "refund.created",
  "refund.succeeded",
  "settlement.updated",
] as const;

export type EventType = (typeof eventTypes)[number] | "webhook.test";

/** Subscribing to `*` means every event type, including ones added later. */
export const allEvents = "*";
