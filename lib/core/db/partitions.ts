import "server-only";
import { db } from "./client";

// Time partitions for append-only tables, by pg_partman, on PostgreSQL only: the embedded database
// and a PostgreSQL without the extension keep the plain tables the migrations make. A partitioned
// table's rows past retention go by dropping whole partitions, instead of deleting row by row.

/** The tables the operator command partitions, by day on `createdAt`, and how long each keeps. */
export const partitionedTables = [
  { table: "RequestLog", retentionDays: 30, indexes: [["accountId", "mode", "createdAt"], ["createdAt"]] },
] as const;

type Table = (typeof partitionedTables)[number]["table"];

/** Whether pg_partman manages `table` here (never on the embedded database). */
export async function isPartitioned(table: Table): Promise<boolean> {
  const rows = await db().$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pg_partitioned_table p JOIN pg_class c ON c.oid = p.partrelid WHERE c.relname = ${table}`;
  return (rows[0]?.n ?? 0) > 0;
}

/** Drops `table`'s partitions past retention and makes the coming days' (pg_partman's maintenance). */
export async function maintainPartitions(table: Table): Promise<void> {
  await db().$executeRawUnsafe(
    `DO $$ BEGIN PERFORM partman.run_maintenance('public.${table}', p_analyze := false, p_jobmon := false); END $$`,
  );
}

/**
 * Turns `table` into a table partitioned by day on `createdAt` under pg_partman, with its rows, in
 * one transaction. A partitioned table's primary key must hold the partition key, so it becomes
 * (id, createdAt); the indexes keep their names, so later migrations still find them.
 */
export async function partitionTable(
  { table, retentionDays, indexes }: (typeof partitionedTables)[number],
  premakeDays = 7,
): Promise<"partitioned" | "already"> {
  if (await isPartitioned(table)) return "already";
  await db().$executeRawUnsafe(`CREATE SCHEMA IF NOT EXISTS partman`);
  await db().$executeRawUnsafe(`CREATE EXTENSION IF NOT EXISTS pg_partman SCHEMA partman`);
  await db().$transaction(
    async (tx) => {
      const plain = `${table}_plain`;
      await tx.$executeRawUnsafe(`LOCK TABLE "${table}" IN ACCESS EXCLUSIVE MODE`);
      const [oldest] = await tx.$queryRawUnsafe<{ day: string | null }[]>(
        `SELECT to_char(min("createdAt"), 'YYYY-MM-DD') AS day FROM "${table}"`,
      );
      await tx.$executeRawUnsafe(`ALTER TABLE "${table}" RENAME TO "${plain}"`);
      await tx.$executeRawUnsafe(
        `ALTER TABLE "${plain}" RENAME CONSTRAINT "${table}_pkey" TO "${plain}_pkey"`,
      );
      for (const columns of indexes)
        await tx.$executeRawUnsafe(
          `ALTER INDEX "${indexName(table, columns)}" RENAME TO "${indexName(plain, columns)}"`,
        );
      await tx.$executeRawUnsafe(
        `CREATE TABLE "${table}" (LIKE "${plain}" INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE ("createdAt")`,
      );
      await tx.$executeRawUnsafe(
        `ALTER TABLE "${table}" ADD CONSTRAINT "${table}_pkey" PRIMARY KEY ("id", "createdAt")`,
      );
      for (const columns of indexes)
        await tx.$executeRawUnsafe(
          `CREATE INDEX "${indexName(table, columns)}" ON "${table}" (${columns.map((c) => `"${c}"`).join(", ")})`,
        );
      const start = oldest?.day ? `'${oldest.day}'` : "NULL";
      await tx.$executeRawUnsafe(
        `DO $$ BEGIN PERFORM partman.create_parent('public.${table}', 'createdAt', 'native', 'daily', p_premake := ${premakeDays}, p_start_partition := ${start}, p_jobmon := false); END $$`,
      );
      await tx.$executeRawUnsafe(
        `UPDATE partman.part_config SET retention = '${retentionDays} days', retention_keep_table = false, infinite_time_partitions = true WHERE parent_table = 'public.${table}'`,
      );
      await tx.$executeRawUnsafe(`INSERT INTO "${table}" SELECT * FROM "${plain}"`);
      await tx.$executeRawUnsafe(`DROP TABLE "${plain}"`);
    },
    { timeout: 10 * 60_000 },
  );
  return "partitioned";
}

// Prisma's names: <table>_<columns>_idx.
function indexName(table: string, columns: readonly string[]): string {
  return `${table}_${columns.join("_")}_idx`;
}
