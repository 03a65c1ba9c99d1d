import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { guardSensitiveChange, recordSensitiveChange } from "@/lib/domain/auth/sensitive-change";
import { notFound } from "@/lib/core/errors/errors";
import { tenant } from "@/lib/core/tenancy/scope";
import { getWebhookEndpoint } from "./get-endpoint";
import { newSigningSecret } from "./signing-secret";

/**
 * Replaces an endpoint's signing secret and returns the new one, once. Every delivery from now on,
 * retries included, is signed with it; the old secret stops working at once.
 */
export async function rotateWebhookSecret(ctx: CallContext, endpointId: string) {
  const { tx, scope, actor } = ctx;
  await guardSensitiveChange(tx, actor, scope.mode, "webhook_endpoint.secret_rotated");
  const current = await getWebhookEndpoint(tx, scope, endpointId);
  const { secret, secretEncrypted } = newSigningSecret();
  const where = { id: current.id, accountId: scope.accountId, mode: scope.mode };
  const { count } = await tx.webhookEndpoint.updateMany({ where, data: { secretEncrypted } });
  const endpoint = count === 1 ? await tx.webhookEndpoint.findFirst({ where }) : null;
  if (!endpoint) throw notFound("Webhook endpoint");
  // Whoever holds the new secret can sign events the merchant's receiver will believe.
  await recordSensitiveChange(tx, actor, {
    ...tenant(scope),
    action: "webhook_endpoint.secret_rotated",
    targetType: "webhook_endpoint",
    targetId: current.id,
    details: { Endpoint: current.id, URL: endpoint.url, Change: "a new signing secret" },
  });
  return { endpoint, secret };
}
