import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { AppError } from "@/lib/core/errors/errors";
import { recordEvent } from "@/lib/domain/events/record-event";
import { tenant } from "@/lib/core/tenancy/scope";
import { getWebhookEndpoint } from "./get-endpoint";
import { serializeDelivery } from "./serialize";

/** Queues a `webhook.test` event for this one endpoint, signed like any other, and returns its delivery. */
export async function sendTestEvent(ctx: CallContext, endpointId: string) {
  const { tx, scope, actor } = ctx;
  const endpoint = await getWebhookEndpoint(tx, scope, endpointId);
  if (!endpoint.enabled)
    throw new AppError("conflict", "This endpoint is disabled. Enable it first, then send a test event.");
  const event = await recordEvent(
    tx,
    scope,
    "webhook.test",
    {
      endpointId: endpoint.id,
      message: "A test event from Tollgate. If the signature checks out, your endpoint is ready.",
    },
    { onlyEndpointId: endpoint.id },
  );
  await recordAudit(tx, {
    ...tenant(scope),
    actor,
    action: "webhook_endpoint.test_sent",
    targetType: "webhook_endpoint",
    targetId: endpoint.id,
    data: { eventId: event.id },
  });
  const delivery = await tx.webhookDelivery.findFirstOrThrow({
    where: { eventId: event.id, endpointId: endpoint.id, accountId: scope.accountId, mode: scope.mode },
    include: { event: true },
  });
  return serializeDelivery(delivery);
}
