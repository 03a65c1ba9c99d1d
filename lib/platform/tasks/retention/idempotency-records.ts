import "server-only";
import { deleteOlderThan, retentionTask } from "./retention-task";

/** Deletes up to `batch` idempotency records past their `expiresAt` (24 h after the request, lib/platform/api/idempotency.ts). */
export async function sweepExpiredIdempotencyRecords(batch: number, now: Date): Promise<number> {
  return deleteOlderThan("IdempotencyRecord", "expiresAt", now, batch);
}

export const idempotencyRetention = retentionTask(
  "Idempotency retention",
  { one: "expired idempotency record", many: "expired idempotency records" },
  sweepExpiredIdempotencyRecords,
);
