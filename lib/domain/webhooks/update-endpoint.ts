import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { guardSensitiveChange, recordSensitiveChange } from "@/lib/domain/auth/sensitive-change";
import type { Prisma } from "@/lib/core/db";
import { notFound } from "@/lib/core/errors/errors";
import type { UpdateWebhookEndpointInput } from "@/lib/domain/schemas/webhook";
import { tenant } from "@/lib/core/tenancy/scope";
import { assertDeliverableUrl } from "./endpoint-url";
import { getWebhookEndpoint } from "./get-endpoint";

/** Changes url, events, description or enabled. Enabling starts the endpoint's failure record afresh. */
export async function updateWebhookEndpoint(
  ctx: CallContext,
  endpointId: string,
  input: UpdateWebhookEndpointInput,
) {
  const { tx, scope, actor } = ctx;
  if (input.url !== undefined) await guardSensitiveChange(tx, actor, scope.mode, "webhook_endpoint.updated");
  const current = await getWebhookEndpoint(tx, scope, endpointId);
  const data: Prisma.WebhookEndpointUpdateManyMutationInput = {};
  if (input.url !== undefined) data.url = assertDeliverableUrl(input.url, { mode: scope.mode });
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
  const entry = {
    ...tenant(scope),
    action: "webhook_endpoint.updated" as const,
    targetType: "webhook_endpoint",
    targetId: current.id,
    data: { changed: Object.keys(data) },
  };
  // Events sent somewhere new are a sensitive change; other edits are not.
  if (updated.url !== current.url)
    await recordSensitiveChange(tx, actor, {
      ...entry,
      data: { ...entry.data, from: current.url, to: updated.url },
      details: { Endpoint: current.id, "Old URL": current.url, "New URL": updated.url },
    });
  else await recordAudit(tx, { ...entry, actor });
  return updated;
}
