import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "@/lib/core/log/logger";
import {
  attemptDelivery,
  claimDueDeliveries,
  recordAttempt,
  type ClaimedDelivery,
} from "@/lib/domain/webhooks/deliver";

// Attempts run side by side and a round does not wait for them: an endpoint that never answers
// holds one slot until its timeout, not the batch. One attempt per endpoint at a time.
const maxInFlight = 32;
const inFlight = new Map<string, { endpointId: string; done: Promise<void> }>();

/**
 * One round of webhook delivery: claim what is due (at most `limit`, and no more than there are
 * free slots), start sending each, and record each outcome when it arrives. While attempts are
 * under way it returns when one of them ends (its endpoint may have more due) or after a second,
 * with true: go again at once. With nothing under way it returns false: nothing was due.
 */
export async function deliverDueWebhooks(limit: number, log: Logger): Promise<boolean> {
  const room = Math.min(limit, maxInFlight - inFlight.size);
  const claimed =
    room > 0
      ? await claimDueDeliveries(room, [...new Set([...inFlight.values()].map((d) => d.endpointId))])
      : [];
  for (const delivery of claimed) {
    const done = send(delivery, log)
      .catch((error: unknown) =>
        log.error(
          { err: error },
          `Webhook ${delivery.event.id} to ${delivery.endpoint.url}: the outcome could not be recorded (${String(error)}); it is sent again when its lease ends.`,
        ),
      )
      .finally(() => inFlight.delete(delivery.id));
    inFlight.set(delivery.id, { endpointId: delivery.endpointId, done });
  }
  if (inFlight.size === 0) return false;
  await Promise.race([...[...inFlight.values()].map((d) => d.done), sleep(1_000)]);
  return true;
}

/** Waits for the attempts under way (at shutdown). */
export async function settleDeliveries(): Promise<void> {
  await Promise.all([...inFlight.values()].map((d) => d.done));
}

async function send(delivery: ClaimedDelivery, log: Logger): Promise<void> {
  const result = await attemptDelivery(delivery);
  const { endpointDisabled } = await recordAttempt(delivery, result);
  // The merchant's endpoint failing is theirs to see (the delivery log in the dashboard), not ours.
  if (!result.ok)
    log.debug(
      `Webhook ${delivery.event.type} ${delivery.event.id} to ${delivery.endpoint.url} failed (attempt ${delivery.attempts}): ${result.error}`,
    );
  if (endpointDisabled)
    log.warn(
      `Webhook endpoint ${delivery.endpoint.id} (${delivery.endpoint.url}) disabled: every delivery failed for 3 days.`,
    );
}
