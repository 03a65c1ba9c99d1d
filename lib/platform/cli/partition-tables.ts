// Operator command: partitions the append-only tables by day with pg_partman, on PostgreSQL with
// the extension installed (Debian: postgresql-15-partman), so retention drops whole days:
//   npm run ops:partition-tables
// Safe to run again; the embedded database keeps its plain tables (see README, "Running at scale").
import { closeDb, connection } from "@/lib/core/db";
import { partitionedTables, partitionTable } from "@/lib/core/db/partitions";
import { prepareDatabase } from "@/lib/core/db/prepare";
import { logger } from "@/lib/core/log/logger";

if (connection().kind !== "postgresql") {
  logger.fatal(
    "Partitioning needs PostgreSQL with pg_partman (DATABASE_URL); the embedded database keeps plain tables.",
  );
  process.exit(1);
}
try {
  // Under the start-up lock, so no instance migrates the same tables meanwhile.
  await prepareDatabase(logger, async () => {
    for (const spec of partitionedTables) {
      const started = performance.now();
      const outcome = await partitionTable(spec);
      logger.info(
        outcome === "already"
          ? `${spec.table} is partitioned already.`
          : `${spec.table} partitioned by day, kept ${spec.retentionDays} days, in ${Math.round(performance.now() - started)} ms.`,
      );
    }
  });
} catch (error) {
  logger.fatal(
    { err: error },
    "Partitioning failed; nothing was changed (each table is converted in one transaction).",
  );
  process.exitCode = 1;
}
await closeDb();
process.exit();
