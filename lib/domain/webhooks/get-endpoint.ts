import "server-only";
import type { DbOrTx, WebhookEndpoint } from "@/lib/core/db";
import { notFound } from "@/lib/core/errors/errors";
import { isId } from "@/lib/core/ids/ids";
import type { Scope } from "@/lib/core/tenancy/scope";

/** A webhook endpoint of this account and mode, or 404. */
export async function getWebhookEndpoint(
  q: DbOrTx,
  scope: Scope,
  endpointId: string,
): Promise<WebhookEndpoint> {
  const endpoint = isId("we", endpointId)
    ? await q.webhookEndpoint.findFirst({
        where: { id: endpointId, accountId: scope.accountId, mode: scope.mode },
      })
    : null;
  if (!endpoint) throw notFound("Webhook endpoint");
  return endpoint;
}
