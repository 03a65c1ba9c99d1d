import "server-only";
import { connection } from "./client";
import { applyMigrations } from "./migrate";

/**
 * Brings the schema up to date. Safe to run on every start and from several instances at once:
 * the schema engine holds a PostgreSQL advisory lock while it migrates.
 */
export async function prepareDatabase(log: (line: string) => void = console.log): Promise<void> {
  const { adapter, release } = connection().migrationAdapter();
  try {
    const applied = await applyMigrations(adapter);
    if (applied.length) log(`Applied migrations: ${applied.join(", ")}`);
  } finally {
    await release();
  }
}
