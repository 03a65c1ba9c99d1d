import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { guardSensitiveChange, recordSensitiveChange } from "@/lib/domain/auth/sensitive-change";
import { AppError } from "@/lib/core/errors/errors";
import { newId } from "@/lib/core/ids/ids";
import type { CreateWebhookEndpointInput } from "@/lib/domain/schemas/webhook";
import { tenant } from "@/lib/core/tenancy/scope";
import { assertDeliverableUrl } from "./endpoint-url";
import { newSigningSecret } from "./signing-secret";

// Each endpoint may hold a delivery slot for the request timeout; bounding them per account keeps
// one account's unresponsive endpoints from filling a worker's slots.
export const maxEndpointsPerMode = 16;

/** Creates an endpoint and returns it with its signing secret, which is never shown again. */
export async function createWebhookEndpoint(ctx: CallContext, input: CreateWebhookEndpointInput) {
  const { tx, scope, actor } = ctx;
  await guardSensitiveChange(tx, actor, scope.mode, "webhook_endpoint.created");
  const url = assertDeliverableUrl(input.url, { mode: scope.mode });
  // The account's row lock makes concurrent creates count one after the other.
  await tx.$queryRaw`SELECT 1 FROM "Account" WHERE "id" = ${scope.accountId} FOR UPDATE`;
  if ((await tx.webhookEndpoint.count({ where: tenant(scope) })) >= maxEndpointsPerMode) {
    throw new AppError(
      "conflict",
      `This account already has ${maxEndpointsPerMode} webhook endpoints in ${scope.mode} mode, the most it may have. Delete one it no longer needs, or subscribe an existing one to more events.`,
      { limit: maxEndpointsPerMode },
    );
  }
  const { secret, secretEncrypted } = newSigningSecret();
  const endpoint = await tx.webhookEndpoint.create({
    data: {
      id: newId("we"),
      ...tenant(scope),
      url,
      events: input.events,
      description: input.description || null,
      enabled: input.enabled,
      secretEncrypted,
    },
  });
  await recordSensitiveChange(tx, actor, {
    ...tenant(scope),
    action: "webhook_endpoint.created",
    targetType: "webhook_endpoint",
    targetId: endpoint.id,
    data: { url, events: input.events },
    details: { Endpoint: endpoint.id, URL: url, Events: input.events.join(", ") },
  });
  return { endpoint, secret };
}
