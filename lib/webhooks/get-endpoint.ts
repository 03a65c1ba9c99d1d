import "server-only";
import type { DbOrTx, WebhookEndpoint } from "@/lib/db";
import { notFound } from "@/lib/errors/errors";
import { isId } from "@/lib/db/ids";
import type { Scope } from "@/lib/tenancy/scope";

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
