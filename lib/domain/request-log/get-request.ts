import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { isPartitionedNow } from "@/lib/core/db/partitions";
import { notFound } from "@/lib/core/errors/errors";
import { isId } from "@/lib/core/ids/ids";
import { newestFirstByWindow } from "@/lib/core/db/pagination";
import type { Scope } from "@/lib/core/tenancy/scope";
import { serializeRequestLog } from "./serialize";

/** One logged request of this account and mode, by its request id, or 404. */
export async function getRequest(q: DbOrTx, scope: Scope, requestId: string) {
  const [row] = isId("req", requestId)
    ? await newestFirstByWindow(null, 1, await isPartitionedNow("RequestLog"), (span) =>
        q.requestLog.findMany({
          where: { AND: [{ id: requestId, accountId: scope.accountId, mode: scope.mode }, span] },
        }),
      )
    : [];
  if (!row) throw notFound("Request");
  return serializeRequestLog(row);
}
