import "server-only";
import { db } from "@/lib/core/db";

/**
 * Takes the lease on task `name` for `leaseMs`: only when the task is due and no other holder's lease
 * is running, or when `holder` holds it already (then it is extended). True if `holder` now holds it.
 * One statement, so two instances asking at once cannot both get it. Times are the database's, so
 * instances whose clocks differ agree.
 */
export async function takeLease(name: string, holder: string, leaseMs: number): Promise<boolean> {
  const rows = await db().$queryRaw<unknown[]>`
    INSERT INTO "TaskLease" AS l ("name", "holder", "leasedUntil", "nextRunAt")
    VALUES (${name}, ${holder}, clock_timestamp() + ${leaseMs} * interval '1 millisecond', clock_timestamp())
    ON CONFLICT ("name") DO UPDATE
      SET "holder" = EXCLUDED."holder", "leasedUntil" = EXCLUDED."leasedUntil"
      WHERE l."holder" = EXCLUDED."holder"
         OR (l."nextRunAt" <= clock_timestamp() AND (l."leasedUntil" IS NULL OR l."leasedUntil" < clock_timestamp()))
    RETURNING 1`;
  return rows.length > 0;
}

/** Gives the lease up after a round, and says when the task is next due (for every instance). */
export async function releaseLease(name: string, holder: string, nextInMs: number): Promise<void> {
  await db().$executeRaw`
    UPDATE "TaskLease"
    SET "holder" = NULL, "leasedUntil" = NULL, "lastRunAt" = clock_timestamp(), "nextRunAt" = clock_timestamp() + ${nextInMs} * interval '1 millisecond'
    WHERE "name" = ${name} AND "holder" = ${holder}`;
}

/** Ends every lease at once: in embedded mode, those found at start belong to a process that died. */
export async function releaseAllLeases(): Promise<void> {
  await db().taskLease.updateMany({
    where: { holder: { not: null } },
    data: { holder: null, leasedUntil: null },
  });
}
