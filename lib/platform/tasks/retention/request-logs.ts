import "server-only";
import { isPartitioned, maintainPartitions } from "@/lib/core/db/partitions";
import { dayMs, deleteOlderThan, retentionTask } from "./retention-task";

/** How long the Developers request log reaches back. */
export const requestLogDays = 30;

/** Deletes up to `batch` logged API requests older than 30 days. */
export async function sweepOldRequestLogs(batch: number, now: Date): Promise<number> {
  // Partitioned (ops:partition-tables): whole days past retention are dropped; the rows left of the
  // day on the edge are deleted as before.
  if (await isPartitioned("RequestLog")) await maintainPartitions("RequestLog");
  return deleteOlderThan("RequestLog", "createdAt", new Date(now.getTime() - requestLogDays * dayMs), batch);
}

export const requestLogRetention = retentionTask(
  "Request log retention",
  { one: "old API request", many: "old API requests" },
  sweepOldRequestLogs,
);
