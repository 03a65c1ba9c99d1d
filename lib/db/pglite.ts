import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * An embedded database (in memory without a directory) with the extensions our migrations use:
 * pg_trgm for substring search. Everything that opens Tollgate's PGlite data goes through here.
 */
export function openPglite(dataDir?: string): PGlite {
  const options = { extensions: { pg_trgm } };
  // `new PGlite(undefined, options)` loses the options: pass them alone for an in-memory database.
  return dataDir ? new PGlite(dataDir, options) : new PGlite(options);
}
