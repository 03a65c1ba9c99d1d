import "server-only";
import { isPartitioned, maintainPartitions } from "@/lib/core/db/partitions";
import { dayMs, deleteOlderThan, retentionTask } from "./retention-task";

/** How long the Developers request log reaches back. */
export const requestLogDays = 30;

/** Deletes up to `batch` logged API requests older than 30 days. */
export async function sweepOldRequestLogs(batch: number, now: Date): Promise<number> {
  // Partitioned (ops:partition-tables): the days wholly past retention are dropped, and no row is
  // deleted (a day goes whole, so the oldest rows are kept up to a day longer).
  if (await isPartitioned("RequestLog")) {
    await maintainPartitions(["RequestLog"], now);
    return 0;
  }
  return deleteOlderThan("RequestLog", "createdAt", new Date(now.getTime() - requestLogDays * dayMs), batch);
}

export const requestLogRetention = retentionTask(
  "Request log retention",
  { one: "old API request", many: "old API requests" },
  sweepOldRequestLogs,
);
