import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { isPartitionedNow } from "@/lib/core/db/partitions";
import { decodeCursor, newestFirst, newestFirstByWindow, toPage } from "@/lib/core/db/pagination";
import type { RequestLogFilterInput, StatusClass } from "@/lib/domain/schemas/request-log";
import type { Scope } from "@/lib/core/tenancy/scope";
import { serializeRequestLog } from "./serialize";

const statusRange: Record<StatusClass, { gte: number; lt: number }> = {
  "2xx": { gte: 200, lt: 300 },
  "4xx": { gte: 400, lt: 500 },
  "5xx": { gte: 500, lt: 600 },
};

/** The account and mode's /v1 requests, newest first, by status class and key. */
export async function listRequests(q: DbOrTx, scope: Scope, filter: RequestLogFilterInput) {
  const take = filter.limit + 1;
  const rows = await newestFirstByWindow(
    filter.cursor ? decodeCursor(filter.cursor) : null,
    take,
    await isPartitionedNow("RequestLog"),
    (span) =>
      q.requestLog.findMany({
        where: {
          AND: [
            { accountId: scope.accountId, mode: scope.mode },
            filter.status ? { status: statusRange[filter.status] } : {},
            filter.apiKeyId ? { apiKeyId: filter.apiKeyId } : {},
            span,
          ],
        },
        orderBy: newestFirst,
        take,
      }),
  );
  return toPage(rows, filter.limit, serializeRequestLog);
}
