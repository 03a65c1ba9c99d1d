import "server-only";
import { attemptDelivery, claimDueDeliveries, recordAttempt } from "@/lib/webhooks/deliver";

/**
 * One round of webhook delivery: claim what is due, send it all at once, record each outcome.
 * Returns how many were claimed, so the caller knows whether more may be waiting.
 */
export async function deliverDueWebhooks(limit: number, log: (line: string) => void): Promise<number> {
  const claimed = await claimDueDeliveries(limit);
  await Promise.all(
    claimed.map(async (delivery) => {
      const result = await attemptDelivery(delivery);
      const { endpointDisabled } = await recordAttempt(delivery, result);
      if (!result.ok) log(`Webhook ${delivery.event.type} ${delivery.event.id} to ${delivery.endpoint.url} failed (attempt ${delivery.attempts}): ${result.error}`);
      if (endpointDisabled) log(`Webhook endpoint ${delivery.endpoint.id} (${delivery.endpoint.url}) disabled: every delivery failed for 3 days.`);
    }),
  );
  return claimed.length;
}
