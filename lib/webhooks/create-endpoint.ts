import "server-only";
import { recordAudit } from "@/lib/audit";
import type { Tx } from "@/lib/db";
import { newId } from "@/lib/ids";
import type { CreateWebhookEndpointInput } from "@/lib/schemas/webhook";
import { tenant, type Scope } from "@/lib/scope";
import { assertDeliverableUrl } from "./endpoint-url";
import { newSigningSecret } from "./signing-secret";

/** Creates an endpoint and returns it with its signing secret, which is never shown again. */
export async function createWebhookEndpoint(tx: Tx, scope: Scope, actor: string, input: CreateWebhookEndpointInput) {
  const url = assertDeliverableUrl(input.url);
  const { secret, secretEncrypted } = newSigningSecret();
  const endpoint = await tx.webhookEndpoint.create({
    data: { id: newId("we"), ...tenant(scope), url, events: input.events, description: input.description || null, enabled: input.enabled, secretEncrypted },
  });
  await recordAudit(tx, { ...tenant(scope), actor, action: "webhook_endpoint.created", targetType: "webhook_endpoint", targetId: endpoint.id, data: { url, events: input.events } });
  return { endpoint, secret };
}
