import "server-only";
import { logger, type Logger } from "@/lib/core/log/logger";
import { connection } from "./client";
import { applyMigrations } from "./migrate";

// Any key of our own: the schema engine locks its own (72707369) inside, on another session.
const preparationLockKey = 0x746f6c6c; // "toll"

/**
 * Brings the schema up to date, then runs `andThen` (seeding a fresh install), all while holding a
 * PostgreSQL advisory lock: instances starting together wait for the first one's work and then find
 * nothing left to do, instead of racing to apply the same migrations and seed the same account.
 * Safe to run on every start.
 */
export async function prepareDatabase(log: Logger = logger, andThen?: () => Promise<void>): Promise<void> {
  await connection().exclusively(preparationLockKey, async () => {
    const { adapter, release } = connection().migrationAdapter();
    try {
      const applied = await applyMigrations(adapter);
      if (applied.length) log.info(`Applied migrations: ${applied.join(", ")}`);
    } finally {
      await release();
    }
    await andThen?.();
  });
}
