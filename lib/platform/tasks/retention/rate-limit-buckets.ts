import "server-only";
import { db } from "@/lib/core/db";
import { dayMs, retentionTask } from "./retention-task";

/**
 * Deletes up to `batch` rate-limit buckets untouched for a day: by then any of them would have
 * refilled to full, which is what a missing bucket means too.
 */
export async function sweepIdleBuckets(batch: number, now: Date): Promise<number> {
  return db().$executeRaw`
    DELETE FROM "RateLimitBucket" WHERE "key" IN (
      SELECT "key" FROM "RateLimitBucket" WHERE "updatedAt" < ${new Date(now.getTime() - dayMs)}
      ORDER BY "updatedAt" LIMIT ${batch} FOR UPDATE SKIP LOCKED)`;
}

export const rateLimitBucketRetention = retentionTask(
  "Rate-limit sweep",
  { one: "idle rate-limit bucket", many: "idle rate-limit buckets" },
  sweepIdleBuckets,
);
