import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { connection } from "./client";

/**
 * Runs one statement on the driver itself, past Prisma: for the API's hottest requests (a status
 * poll, a create), where Prisma's own work per query was most of the request's CPU (measured: a
 * `findFirst` ~0.6 ms, `$queryRaw` ~0.3 ms, the driver ~0.1 ms). It shares Prisma's pool, and runs
 * outside any Prisma transaction. Rows come as the driver parses them, which differs between
 * PostgreSQL and PGlite for timestamps and numerics: select those as text or numbers. `name` makes
 * the statement a prepared one on each connection; give it only to a statement whose text never changes.
 */
export function rawQuery<T>(statement: Prisma.Sql, name?: string): Promise<T[]> {
  return connection().query<T>(statement.text, statement.values, name);
}
