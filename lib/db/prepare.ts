import "server-only";
import { logger, type Logger } from "@/lib/log/logger";
import { connection } from "./client";
import { applyMigrations } from "./migrate";

/**
 * Brings the schema up to date. Safe to run on every start and from several instances at once:
 * the schema engine holds a PostgreSQL advisory lock while it migrates.
 */
export async function prepareDatabase(log: Logger = logger): Promise<void> {
  const { adapter, release } = connection().migrationAdapter();
  try {
    const applied = await applyMigrations(adapter);
    if (applied.length) log.info(`Applied migrations: ${applied.join(", ")}`);
  } finally {
    await release();
  }
}
