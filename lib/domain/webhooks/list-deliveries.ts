import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { isPartitionedNow } from "@/lib/core/db/partitions";
import { AppError } from "@/lib/core/errors/errors";
import { decodeCursor, newestFirst, newestFirstByWindow, toPage } from "@/lib/core/db/pagination";
import type { ListDeliveriesFilter } from "@/lib/domain/schemas/webhook";
import type { Scope } from "@/lib/core/tenancy/scope";
import { getWebhookEndpoint } from "./get-endpoint";
import { serializeDelivery } from "./serialize";
import { withEvents } from "./with-events";

/** An endpoint's delivery log, newest first: each event sent to it, with its last attempt's outcome. */
export async function listDeliveries(
  q: DbOrTx,
  scope: Scope,
  endpointId: string,
  filter: ListDeliveriesFilter,
) {
  await getWebhookEndpoint(q, scope, endpointId);
  const position = filter.cursor ? decodeCursor(filter.cursor) : null;
  if (filter.cursor && !position)
    throw new AppError("params_validation", "The cursor is invalid; pass nextCursor from a previous page.", {
      fields: { cursor: "Invalid." },
    });
  const take = filter.limit + 1;
  const rows = await newestFirstByWindow(position, take, await isPartitionedNow("WebhookDelivery"), (span) =>
    q.webhookDelivery.findMany({
      where: {
        AND: [
          {
            accountId: scope.accountId,
            mode: scope.mode,
            endpointId,
            ...(filter.status ? { status: filter.status } : {}),
          },
          span,
        ],
      },
      orderBy: newestFirst,
      take,
    }),
  );
  return toPage(await withEvents(q, rows), filter.limit, serializeDelivery);
}
