import "server-only";
import { recordAudit } from "@/lib/audit-log/audit";
import type { Prisma, DbOrTx } from "@/lib/db";
import { notFound } from "@/lib/errors/errors";
import type { UpdateWebhookEndpointInput } from "@/lib/schemas/webhook";
import { tenant, type Scope } from "@/lib/tenancy/scope";
import { assertDeliverableUrl } from "./endpoint-url";
import { getWebhookEndpoint } from "./get-endpoint";

/** Changes url, events, description or enabled. Enabling starts the endpoint's failure record afresh. */
export async function updateWebhookEndpoint(tx: DbOrTx, scope: Scope, actor: string, endpointId: string, input: UpdateWebhookEndpointInput) {
  const current = await getWebhookEndpoint(tx, scope, endpointId);
  const data: Prisma.WebhookEndpointUpdateManyMutationInput = {};
  if (input.url !== undefined) data.url = assertDeliverableUrl(input.url);
  if (input.events !== undefined) data.events = input.events;
  if (input.description !== undefined) data.description = input.description || null;
  if (input.enabled !== undefined) {
    data.enabled = input.enabled;
    if (input.enabled) Object.assign(data, { disabledAt: null, failingSince: null });
  }
  const where = { id: current.id, accountId: scope.accountId, mode: scope.mode };
  const { count } = await tx.webhookEndpoint.updateMany({ where, data });
  const updated = count === 1 ? await tx.webhookEndpoint.findFirst({ where }) : null;
  if (!updated) throw notFound("Webhook endpoint");
  await recordAudit(tx, { ...tenant(scope), actor, action: "webhook_endpoint.updated", targetType: "webhook_endpoint", targetId: current.id, data: { changed: Object.keys(data) } });
  return updated;
}
