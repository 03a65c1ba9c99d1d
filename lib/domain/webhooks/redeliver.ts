import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { isId } from "@/lib/core/ids/ids";
import { tenant } from "@/lib/core/tenancy/scope";
import { getWebhookEndpoint } from "./get-endpoint";
import { serializeDelivery } from "./serialize";
import { withEvents } from "./with-events";

/**
 * Sends a delivery again as soon as a worker is free, whatever its status. One that had given up
 * gets one more attempt (its 3 days of retries are over); one that succeeded is sent again as is.
 */
export async function redeliver(ctx: CallContext, endpointId: string, deliveryId: string) {
  const { tx, scope, actor } = ctx;
  const endpoint = await getWebhookEndpoint(tx, scope, endpointId);
  if (!endpoint.enabled)
    throw new AppError("conflict", "This endpoint is disabled. Enable it first, then redeliver.");
  const where = { id: deliveryId, endpointId, accountId: scope.accountId, mode: scope.mode };
  const delivery = isId("whd", deliveryId) ? await tx.webhookDelivery.findFirst({ where }) : null;
  if (!delivery) throw notFound("Webhook delivery");
  const now = new Date();
  if (delivery.leaseId && delivery.nextAttemptAt > now)
    throw new AppError(
      "conflict",
      "This delivery is being attempted right now. Check its status in a few seconds.",
    );
  await tx.webhookDelivery.updateMany({
    where,
    data: { status: "pending", nextAttemptAt: now, leaseId: null },
  });
  await recordAudit(tx, {
    ...tenant(scope),
    actor,
    action: "webhook_delivery.redelivered",
    targetType: "webhook_delivery",
    targetId: delivery.id,
    data: { endpointId, eventId: delivery.eventId },
  });
  const [redelivered] = await withEvents(tx, [await tx.webhookDelivery.findFirstOrThrow({ where })]);
  return serializeDelivery(redelivered!);
}
