import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { afterPosition, decodeCursor, newestFirst, toPage } from "@/lib/core/db/pagination";
import type { Scope } from "@/lib/core/tenancy/scope";
import { serializeEndpoint } from "./serialize";

export async function listWebhookEndpoints(
  q: DbOrTx,
  scope: Scope,
  page: { limit: number; cursor?: string },
) {
  const position = page.cursor ? decodeCursor(page.cursor) : null;
  if (page.cursor && !position)
    throw new AppError("params_validation", "The cursor is invalid; pass nextCursor from a previous page.", {
      fields: { cursor: "Invalid." },
    });
  const rows = await q.webhookEndpoint.findMany({
    where: { AND: [{ accountId: scope.accountId, mode: scope.mode }, afterPosition(position)] },
    orderBy: newestFirst,
    take: page.limit + 1,
  });
  return toPage(rows, page.limit, serializeEndpoint);
}

/**
 * Endpoints Tollgate turned off because their deliveries failed for 3 days, for the notice the
 * dashboard shows the account's owner. Empty once they are re-enabled or deleted.
 */
export async function listEndpointsDisabledForFailing(q: DbOrTx, scope: Scope) {
  const rows = await q.webhookEndpoint.findMany({
    where: { accountId: scope.accountId, mode: scope.mode, disabledAt: { not: null } },
    orderBy: { disabledAt: "desc" },
  });
  return rows.map(serializeEndpoint);
}
