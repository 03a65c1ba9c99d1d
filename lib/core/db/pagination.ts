import { z } from "zod";

// Keyset pagination over (createdAt desc, id desc): stable under inserts, and as fast on page
// 10,000 as on page 1. The cursor is opaque to clients.

// PostgreSQL refuses dates before year 1 (JavaScript's "0000-…" is 1 BC) and text holding NUL, so
// whatever a cursor or a date parameter decodes to is checked against what the database can store.
const earliest = Date.parse("0001-01-01T00:00:00.000Z");
const latest = Date.parse("9999-12-31T23:59:59.999Z");

/** A date the database can store and compare: years 1 to 9999. */
export function isStorableDate(date: Date): boolean {
  const t = date.getTime();
  return t >= earliest && t <= latest;
}

/** A row id inside a cursor: the `prefix_random` shape of lib/core/ids/ids.ts. */
export function isCursorId(id: unknown): id is string {
  return typeof id === "string" && /^[a-z]{1,10}_[0-9A-Za-z]{1,40}$/.test(id);
}

/** An ISO 8601 timestamp query parameter (e.g. createdFrom). */
export const DateTimeParamSchema = z.iso
  .datetime({ offset: true, error: "Must be an ISO 8601 timestamp, e.g. 2026-03-01T12:00:00.000Z." })
  .refine((s) => isStorableDate(new Date(s)), "Must be a date between the years 0001 and 9999.");

/** A `nextCursor` handed back; checked here, so a forged one is a 400 naming `cursor`. */
export const CursorParamSchema = z
  .string()
  .max(200)
  .refine((c) => decodeCursor(c) !== null, "Invalid; pass nextCursor from a previous page.");

export const PageQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: CursorParamSchema.optional(),
});

export type Position = { createdAt: Date; id: string };

export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.createdAt.toISOString(), position.id])).toString("base64url");
}

export function decodeCursor(cursor: string): Position | null {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (typeof at !== "string" || !isCursorId(id)) return null;
    const createdAt = new Date(at);
    if (!isStorableDate(createdAt)) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

/** The Prisma `where` fragment for "after this cursor" in (createdAt desc, id desc) order. */
export function afterPosition(position: Position | null) {
  if (!position) return {};
  return {
    OR: [
      { createdAt: { lt: position.createdAt } },
      { createdAt: position.createdAt, id: { lt: position.id } },
    ],
  };
}

export const newestFirst = [{ createdAt: "desc" as const }, { id: "desc" as const }];

/** Splits a `take: limit + 1` result into the page and the cursor of the next one. */
export function toPage<T extends Position, U>(
  rows: T[],
  limit: number,
  serialize: (row: T) => U,
): { data: U[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { data: page.map(serialize), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

const dayMs = 86_400_000;
/** The spans `newestFirstByWindow` reads back from the page's top, widening while they fall short. */
const windows = [dayMs, 7 * dayMs];

/**
 * On a table partitioned by day (`windowed`; lib/core/db/partitions.ts), reads `take` rows newest
 * first from the page's top (the cursor, or now), a day back first, then a week, then without
 * bound, stopping at the first span that holds `take` rows: a bounded span plans and opens a few
 * partitions instead of every one. Without a cursor the spans also end a day ahead of now, before
 * the empty days made in advance (rows are stamped by the writing instance's clock). A lookup by id
 * is the same with `take` 1 (recent rows are the ones looked up most). On a plain table, one query
 * after the cursor. `find` gets the `where` fragment for the span.
 */
export async function newestFirstByWindow<T>(
  position: Position | null,
  take: number,
  windowed: boolean,
  find: (span: object) => Promise<T[]>,
  now = new Date(),
): Promise<T[]> {
  if (!windowed) return find(afterPosition(position));
  const top = position?.createdAt ?? now;
  // The cursor's own bound, spelled so that the planner can prune partitions newer than it.
  const below = position
    ? [{ createdAt: { lte: position.createdAt } }, afterPosition(position)]
    : [{ createdAt: { lt: new Date(now.getTime() + dayMs) } }];
  for (const back of windows) {
    const rows = await find({ AND: [...below, { createdAt: { gte: new Date(top.getTime() - back) } }] });
    if (rows.length >= take) return rows;
  }
  return find(position ? { AND: below } : {});
}
