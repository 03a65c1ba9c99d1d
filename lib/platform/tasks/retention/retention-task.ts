import "server-only";
import { db, Prisma } from "@/lib/core/db";
import type { Task } from "@/lib/platform/tasks/task";

export const dayMs = 24 * 60 * 60 * 1000;

/**
 * A task that deletes, a batch at a time, the rows of one table that are past their retention.
 * `sweep` deletes at most `batch` rows due at `now` and returns how many; a full batch means more
 * may be due, so the next round follows at once. One instance at a time runs it (a lease), every
 * 15 minutes across all instances.
 */
export function retentionTask(
  name: string,
  what: { one: string; many: string },
  sweep: (batch: number, now: Date) => Promise<number>,
): Task {
  return {
    name,
    everyMs: 15 * 60_000,
    lock: "lease",
    batch: 500,
    run: async ({ batch, log }) => {
      const swept = await sweep(batch, new Date());
      if (swept > 0) log.info(`Swept ${swept} ${swept === 1 ? what.one : what.many}.`);
      return swept === batch;
    },
  };
}

/**
 * Deletes up to `batch` rows of `table` whose `column` is before `before` (and that match `also`),
 * oldest first, skipping rows another transaction holds. Table and column are names from this
 * code, never input.
 */
export async function deleteOlderThan(
  table: string,
  column: string,
  before: Date,
  batch: number,
  also: Prisma.Sql = Prisma.sql`TRUE`,
): Promise<number> {
  const t = Prisma.raw(`"${table}"`);
  const c = Prisma.raw(`"${column}"`);
  return db().$executeRaw`
    DELETE FROM ${t} WHERE "id" IN (
      SELECT "id" FROM ${t} WHERE ${c} < ${before} AND ${also}
      ORDER BY ${c} LIMIT ${batch} FOR UPDATE SKIP LOCKED)`;
}
