import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { notFound } from "@/lib/core/errors/errors";
import { tenant } from "@/lib/core/tenancy/scope";
import { getWebhookEndpoint } from "./get-endpoint";

/** Deletes an endpoint and its delivery log; events still pending for it are dropped. */
export async function deleteWebhookEndpoint(ctx: CallContext, endpointId: string) {
  const { tx, scope, actor } = ctx;
  const current = await getWebhookEndpoint(tx, scope, endpointId);
  const { count } = await tx.webhookEndpoint.deleteMany({
    where: { id: current.id, accountId: scope.accountId, mode: scope.mode },
  });
  if (count !== 1) throw notFound("Webhook endpoint");
  await recordAudit(tx, {
    ...tenant(scope),
    actor,
    action: "webhook_endpoint.deleted",
    targetType: "webhook_endpoint",
    targetId: current.id,
    data: { url: current.url },
  });
  return { id: current.id, deleted: true as const };
}
