import { z } from "zod";

// Keyset pagination over (createdAt desc, id desc): stable under inserts, and as fast on page
// 10,000 as on page 1. The cursor is opaque to clients.

export const PageQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});

export type Position = { createdAt: Date; id: string };

export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.createdAt.toISOString(), position.id])).toString("base64url");
}

export function decodeCursor(cursor: string): Position | null {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    const createdAt = new Date(String(at));
    if (typeof id !== "string" || Number.isNaN(createdAt.getTime())) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

/** The Prisma `where` fragment for "after this cursor" in (createdAt desc, id desc) order. */
export function afterPosition(position: Position | null) {
  if (!position) return {};
  return { OR: [{ createdAt: { lt: position.createdAt } }, { createdAt: position.createdAt, id: { lt: position.id } }] };
}

export const newestFirst = [{ createdAt: "desc" as const }, { id: "desc" as const }];

/** Splits a `take: limit + 1` result into the page and the cursor of the next one. */
export function toPage<T extends Position, U>(rows: T[], limit: number, serialize: (row: T) => U): { data: U[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { data: page.map(serialize), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}
