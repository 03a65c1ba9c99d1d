import { PGlite } from "@electric-sql/pglite";
import type { DriverQuery } from "./connect";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

// The extensions our migrations use: pg_trgm for substring search. Everything that opens
// Tollgate's PGlite data goes through here.
const options = { extensions: { pg_trgm } };

/** An embedded database, in memory without a directory. */
export function openPglite(dataDir?: string): PGlite {
  // `new PGlite(undefined, options)` loses the options: pass them alone for an in-memory database.
  return dataDir ? new PGlite(dataDir, options) : new PGlite(options);
}

/** An in-memory database started from a copy of another's data directory (`PGlite.dumpDataDir`). */
export function openPgliteFrom(dump: Blob): PGlite {
  return new PGlite({ ...options, loadDataDir: dump });
}

/** Runs one statement on PGlite directly (see lib/core/db/raw-query.ts). */
export function pgliteQuery(pglite: PGlite): DriverQuery {
  return async <T>(text: string, values: unknown[]) => (await pglite.query<T>(text, values)).rows;
}
