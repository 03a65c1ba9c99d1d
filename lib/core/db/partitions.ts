import "server-only";
import { env } from "@/lib/core/config/env";
import { logger } from "@/lib/core/log/logger";
import { connection, db, type DbOrTx } from "./client";

// Time partitions for append-only tables, by pg_partman, on PostgreSQL only: the embedded database
// and a PostgreSQL without the extension keep the plain tables the migrations make. A partitioned
// table's rows past retention go by dropping whole partitions, instead of deleting row by row.

type Spec = {
  table: string;
  /** Days kept: read when partitioning and before each maintenance, so a changed setting applies. */
  retentionDays: () => number;
  /** Plain indexes, by Prisma's name for their columns (names are kept, so migrations still find them). */
  indexes: string[][];
  /** Unique keys, which must hold the partition key: Prisma's name, and the columns it covers now. */
  uniques?: { name: string; columns: string[] }[];
  /**
   * Foreign keys of the plain table not made again on the partitioned one (every other one is kept
   * as it is). A key referring to a partitioned table makes each of its days costly to drop: the
   * day must be detached first, and detaching checks the referring table for rows pointing into it.
   */
  dropKeys?: string[];
  /** Run on the table before it is converted. */
  before?: string;
};

/**
 * The tables the operator command partitions, by day on `createdAt`, and how long each keeps. A
 * table referred to by another (Event, by WebhookDelivery) comes before it. PaymentEvent stays a plain
 * table: see the README's "Partitions and retention".
 */
export const partitionedTables = [
  {
    table: "RequestLog",
    retentionDays: () => 30,
    indexes: [["accountId", "mode", "createdAt"], ["createdAt"]],
  },
  {
    table: "Event",
    retentionDays: () => env.RETENTION_EVENTS_DAYS,
    indexes: [["accountId", "mode", "createdAt"], ["accountId", "mode", "paymentId"], ["createdAt"]],
  },
  {
    table: "WebhookDelivery",
    retentionDays: () => env.RETENTION_EVENTS_DAYS,
    indexes: [
      ["eventId"],
      ["status", "nextAttemptAt"],
      ["accountId", "mode", "endpointId", "createdAt"],
      ["createdAt"],
    ],
    // A delivery is written with its event, at the event's `createdAt`, so it lands in its event's
    // day, and the pair (endpointId, eventId) stays unique with createdAt added.
    uniques: [
      { name: "WebhookDelivery_endpointId_eventId_key", columns: ["endpointId", "eventId", "createdAt"] },
    ],
    // Its key to Event goes: the event retention drops a day of both tables together and deletes an
    // edge-day event's deliveries with it (lib/platform/tasks/retention/events.ts).
    dropKeys: ["WebhookDelivery_eventId_fkey"],
    // Rows written before deliveries took their event's time (none are known; a test may make one).
    before: `UPDATE "WebhookDelivery" d SET "createdAt" = e."createdAt" FROM "Event" e WHERE e.id = d."eventId" AND d."createdAt" <> e."createdAt"`,
  },
] as const satisfies readonly Spec[];

export type PartitionedTable = (typeof partitionedTables)[number]["table"];

/** Whether pg_partman manages `table` here (never on the embedded database). */
export async function isPartitioned(table: PartitionedTable, q: DbOrTx = db()): Promise<boolean> {
  const rows = await q.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pg_partitioned_table p JOIN pg_class c ON c.oid = p.partrelid WHERE c.relname = ${table}`;
  return (rows[0]?.n ?? 0) > 0;
}

const seen = new Map<PartitionedTable, { until: number; partitioned: Promise<boolean> }>();

/**
 * `isPartitioned`, as seen in the last minute (false on the embedded database): what a list asks
 * before reading by spans of days (`newestFirstByWindow`), without a catalog query per request.
 */
export function isPartitionedNow(table: PartitionedTable): Promise<boolean> {
  if (connection().kind !== "postgresql") return Promise.resolve(false);
  const hit = seen.get(table);
  if (hit && hit.until > Date.now()) return hit.partitioned;
  const partitioned = isPartitioned(table).catch(() => false);
  seen.set(table, { until: Date.now() + 60_000, partitioned });
  return partitioned;
}

/**
 * Makes the coming days' partitions of `tables` (pg_partman's maintenance) and drops, in one
 * statement, every day of them wholly past its retention. pg_partman's own retention is not used:
 * it detaches and drops one partition per statement, each taking the table's exclusive lock again
 * (a month of two tables: 60 of them); one `DROP TABLE` of the due days takes it once. A lock
 * held by a long query is waited for at most `lockTimeoutMs`: the days then go next round.
 * Returns the partitions dropped, and how long the `DROP` statement and its commit took.
 */
export async function maintainPartitions(
  tables: PartitionedTable[],
  now = new Date(),
  lockTimeoutMs = 2_000,
): Promise<{ dropped: string[]; statementMs: number; commitMs: number }> {
  const due: string[] = [];
  for (const table of tables) {
    const spec = partitionedTables.find((s) => s.table === table)!;
    await db().$executeRawUnsafe(
      `UPDATE partman.part_config SET retention = NULL WHERE parent_table = 'public.${table}' AND retention IS NOT NULL`,
    );
    await db().$executeRawUnsafe(
      `DO $$ BEGIN PERFORM partman.run_maintenance('public.${table}', p_analyze := false, p_jobmon := false); END $$`,
    );
    const cutoff = now.getTime() - spec.retentionDays() * 86_400_000;
    // A day partition's upper bound, from its FOR VALUES clause (the default partition has none).
    const partitions = await db().$queryRawUnsafe<{ name: string; upper: string | null }[]>(
      `SELECT c.relname AS name, (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \\(''([^'']+)''\\)'))[1] AS upper
       FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
       WHERE p.relname = $1`,
      table,
    );
    for (const { name, upper } of partitions)
      if (upper && Date.parse(`${upper.replace(" ", "T")}Z`) <= cutoff) due.push(name);
    // Days pg_partman detached under an earlier version of this (retention_keep_table).
    const detached = await db().$queryRawUnsafe<{ name: string }[]>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname ~ $1 AND NOT c.relispartition`,
      `^${table}_p[0-9]{4}_[0-9]{2}_[0-9]{2}$`,
    );
    due.push(...detached.map((d) => d.name));
  }
  if (due.length === 0) return { dropped: [], statementMs: 0, commitMs: 0 };
  // The statement and its commit timed apart: the commit unlinks the days' files, so it waits on
  // the disk (a busy disk shows there, not in the statement).
  let statementMs = 0;
  const started = performance.now();
  await db().$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = ${Math.round(lockTimeoutMs)}`);
    const statement = performance.now();
    await tx.$executeRawUnsafe(`DROP TABLE ${due.map((name) => `"${name}"`).join(", ")}`);
    statementMs = performance.now() - statement;
  });
  const commitMs = performance.now() - started - statementMs;
  const ms = (value: number) => Math.round(value * 10) / 10;
  logger.info(
    { tables, dropped: due.length, statementMs: ms(statementMs), commitMs: ms(commitMs) },
    `Retention dropped ${due.length} day partitions of ${tables.join(" and ")}`,
  );
  return { dropped: due, statementMs: ms(statementMs), commitMs: ms(commitMs) };
}

/**
 * Turns every table of `partitionedTables` not partitioned yet into a table partitioned by day on
 * `createdAt` under pg_partman, with its rows, all in one transaction (a foreign key between two of
 * them is dropped and made again in it). Returns the tables converted.
 */
export async function partitionTables(
  premakeDays = 7,
  onTable: (table: string, ms: number) => void = () => {},
): Promise<PartitionedTable[]> {
  const todo: Spec[] = [];
  for (const spec of partitionedTables) {
    if (!(await isPartitioned(spec.table))) todo.push(spec);
    // Partitioned by an earlier version, which kept WebhookDelivery's key to Event (as its days' partitions).
    else
      for (const key of (spec as Spec).dropKeys ?? [])
        await db().$executeRawUnsafe(`ALTER TABLE "${spec.table}" DROP CONSTRAINT IF EXISTS "${key}"`);
  }
  if (todo.length === 0) return [];
  await db().$executeRawUnsafe(`CREATE SCHEMA IF NOT EXISTS partman`);
  await db().$executeRawUnsafe(`CREATE EXTENSION IF NOT EXISTS pg_partman SCHEMA partman`);
  await db().$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(
        `LOCK TABLE ${todo.map((s) => `"${s.table}"`).join(", ")} IN ACCESS EXCLUSIVE MODE`,
      );
      // Keys referring to a table being converted would hold on to its old copy: the referring
      // table, converted too, drops them (see `dropKeys`).
      for (const spec of todo) {
        const referring = await tx.$queryRawUnsafe<{ name: string; referrer: string }[]>(
          `SELECT con.conname AS name, src.relname AS referrer FROM pg_constraint con
             JOIN pg_class dst ON dst.oid = con.confrelid JOIN pg_class src ON src.oid = con.conrelid
           WHERE con.contype = 'f' AND dst.relname = $1 AND src.relname <> $1`,
          spec.table,
        );
        for (const { name, referrer } of referring) {
          const dropped = todo.find((s) => s.table === referrer && s.dropKeys?.includes(name));
          if (!dropped)
            throw new Error(`${referrer}.${name} refers to ${spec.table}, which cannot be partitioned`);
          await tx.$executeRawUnsafe(`ALTER TABLE "${referrer}" DROP CONSTRAINT "${name}"`);
        }
      }
      for (const spec of todo) {
        const started = performance.now();
        await convert(tx, spec, premakeDays);
        onTable(spec.table, performance.now() - started);
      }
    },
    { timeout: 30 * 60_000 },
  );
  return todo.map((s) => s.table as PartitionedTable);
}

async function convert(tx: DbOrTx, spec: Spec, premakeDays: number): Promise<void> {
  const { table } = spec;
  const plain = `${table}_plain`;
  const run = (sql: string) => tx.$executeRawUnsafe(sql);
  if (spec.before) await run(spec.before);
  const [oldest] = await tx.$queryRawUnsafe<{ day: string | null }[]>(
    `SELECT to_char(min("createdAt"), 'YYYY-MM-DD') AS day FROM "${table}"`,
  );
  // Its foreign keys (to Account, to WebhookEndpoint, …), made again on the new table, but those it drops.
  const keys = await tx.$queryRawUnsafe<{ name: string; definition: string }[]>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
     WHERE contype = 'f' AND conrelid = $1::regclass AND NOT conname = ANY($2)`,
    `"${table}"`,
    spec.dropKeys ?? [],
  );
  await run(`ALTER TABLE "${table}" RENAME TO "${plain}"`);
  await run(`ALTER TABLE "${plain}" RENAME CONSTRAINT "${table}_pkey" TO "${plain}_pkey"`);
  for (const columns of spec.indexes)
    await run(`ALTER INDEX "${indexName(table, columns)}" RENAME TO "${indexName(plain, columns)}"`);
  for (const unique of spec.uniques ?? [])
    await run(`ALTER INDEX "${unique.name}" RENAME TO "${unique.name.replace(table, plain)}"`);
  await run(
    `CREATE TABLE "${table}" (LIKE "${plain}" INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE ("createdAt")`,
  );
  await run(`ALTER TABLE "${table}" ADD CONSTRAINT "${table}_pkey" PRIMARY KEY ("id", "createdAt")`);
  for (const columns of spec.indexes)
    await run(`CREATE INDEX "${indexName(table, columns)}" ON "${table}" (${list(columns)})`);
  for (const unique of spec.uniques ?? [])
    await run(`CREATE UNIQUE INDEX "${unique.name}" ON "${table}" (${list(unique.columns)})`);
  const start = oldest?.day ? `'${oldest.day}'` : "NULL";
  await run(
    `DO $$ BEGIN PERFORM partman.create_parent('public.${table}', 'createdAt', 'native', 'daily', p_premake := ${premakeDays}, p_start_partition := ${start}, p_jobmon := false); END $$`,
  );
  // Retention is maintainPartitions', not pg_partman's.
  await run(
    `UPDATE partman.part_config SET retention = NULL, infinite_time_partitions = true WHERE parent_table = 'public.${table}'`,
  );
  await run(`INSERT INTO "${table}" SELECT * FROM "${plain}"`);
  // Keys are made once the rows are in: one check of the whole table instead of one per row.
  for (const key of keys) await run(`ALTER TABLE "${table}" ADD CONSTRAINT "${key.name}" ${key.definition}`);
  await run(`DROP TABLE "${plain}"`);
}

function list(columns: readonly string[]): string {
  return columns.map((c) => `"${c}"`).join(", ");
}

// Prisma's names: <table>_<columns>_idx.
function indexName(table: string, columns: readonly string[]): string {
  return `${table}_${columns.join("_")}_idx`;
}
