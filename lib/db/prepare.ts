import "server-only";
import { connection, db } from "./client";
import { applyMigrations } from "./migrate";

// Any constant shared by all instances; it names the lock that serialises their migrations.
const migrationLockId = 7_305_117;

/** Brings the schema up to date. Safe to run on every start, from several instances at once. */
export async function prepareDatabase(log: (line: string) => void = console.log): Promise<void> {
  const { kind, adapter } = connection();
  let applied: string[];
  if (kind === "embedded") {
    applied = await applyMigrations(adapter);
  } else {
    applied = await db().$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${migrationLockId})`;
        return applyMigrations(adapter);
      },
      { timeout: 120_000, maxWait: 120_000 },
    );
  }
  if (applied.length) log(`Applied migrations: ${applied.join(", ")}`);
}
