import "server-only";
import type { Payment, Prisma, Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { ListPaymentsFilter } from "@/lib/schemas/payment";
import type { Scope } from "@/lib/scope";
import { serializePayment } from "./serialize";

export function paymentFilterWhere(scope: Scope, filter: Omit<ListPaymentsFilter, "limit" | "cursor">): Prisma.PaymentWhereInput {
  return {
    accountId: scope.accountId,
    mode: scope.mode,
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.merchantId ? { merchantId: filter.merchantId } : {}),
    ...(filter.asset ? { optionAsset: filter.asset } : {}),
    ...(filter.createdFrom || filter.createdTo
      ? { createdAt: { ...(filter.createdFrom ? { gte: new Date(filter.createdFrom) } : {}), ...(filter.createdTo ? { lt: new Date(filter.createdTo) } : {}) } }
      : {}),
  };
}

export const paymentSortKeys = ["createdAt", "amount"] as const;
export type PaymentSort = { by: (typeof paymentSortKeys)[number]; dir: "asc" | "desc" };

/** What the dashboard adds to the API's filter: another order, a search, and paging backwards. */
export type PaymentView = {
  sort?: PaymentSort;
  /** An exact payment id, reference id or txId. */
  search?: string;
  /** The page before this cursor (a `prevCursor`), instead of the one after `filter.cursor`. */
  before?: string;
};

export type PaymentRow = Payment & { merchant: { name: string } };

const newestFirst: PaymentSort = { by: "createdAt", dir: "desc" };

/**
 * The one payments query: the API's list, the dashboard table and the CSV export all page through
 * it. Keyset pagination over (sort column, id), so page 1,000 costs what page 1 does. A cursor is
 * `[value, id]` in base64url; for the default order that is the format of lib/pagination.ts.
 */
export async function findPayments(q: Tx, scope: Scope, filter: ListPaymentsFilter, view: PaymentView = {}): Promise<{ rows: PaymentRow[]; nextCursor: string | null; prevCursor: string | null }> {
  const sort = view.sort ?? newestFirst;
  const backwards = view.before !== undefined;
  const cursor = backwards ? view.before : filter.cursor;
  const position = cursor ? decodePosition(cursor, sort.by) : null;
  if (cursor && !position) throw new AppError("params_validation", "The cursor is invalid; pass nextCursor from a previous page.", { fields: { cursor: "Invalid." } });

  // Paging backwards reads the other way from the cursor, then puts the rows back in order.
  const dir = backwards ? (sort.dir === "asc" ? "desc" : "asc") : sort.dir;
  const column = sort.by === "amount" ? "amountValue" : "createdAt";
  const rows = await q.payment.findMany({
    where: { AND: [paymentFilterWhere(scope, filter), searchWhere(view.search), position ? beyond(column, dir, position) : {}] },
    orderBy: [{ [column]: dir }, { id: dir }],
    take: filter.limit + 1,
    include: { merchant: { select: { name: true } } },
  });
  const more = rows.length > filter.limit;
  // Back at the start: show a full first page rather than the few rows before the cursor.
  if (backwards && !more) return findPayments(q, scope, { ...filter, cursor: undefined }, { ...view, before: undefined });
  const page = rows.slice(0, filter.limit);
  if (backwards) page.reverse();
  const first = page[0];
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: last && (backwards || more) ? encodePosition(last, sort.by) : null,
    prevCursor: first && (backwards || position) ? encodePosition(first, sort.by) : null,
  };
}

export async function listPayments(q: Tx, scope: Scope, filter: ListPaymentsFilter) {
  const page = await findPayments(q, scope, filter);
  return { data: page.rows.map(serializePayment), nextCursor: page.nextCursor };
}

function searchWhere(search: string | undefined): Prisma.PaymentWhereInput {
  const term = search?.trim();
  // Exact matches only: each is one probe of an index ((accountId, mode, referenceId), txId, id).
  return term ? { OR: [{ id: term }, { referenceId: term }, { txId: term }] } : {};
}

type Position = { value: string; id: string };

function beyond(column: "createdAt" | "amountValue", dir: "asc" | "desc", position: Position): Prisma.PaymentWhereInput {
  const value = column === "createdAt" ? new Date(position.value) : position.value;
  const op = dir === "asc" ? "gt" : "lt";
  // The first condition is implied by the second; it is there because PostgreSQL can start an index
  // scan at it, where the OR alone makes it read every row before the cursor.
  return { AND: [{ [column]: { [`${op}e`]: value } }, { OR: [{ [column]: { [op]: value } }, { [column]: value, id: { [op]: position.id } }] }] };
}

function encodePosition(row: Payment, by: PaymentSort["by"]): string {
  const value = by === "amount" ? row.amountValue.toFixed() : row.createdAt.toISOString();
  return Buffer.from(JSON.stringify([value, row.id])).toString("base64url");
}

function decodePosition(cursor: string, by: PaymentSort["by"]): Position | null {
  try {
    const [value, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (typeof value !== "string" || typeof id !== "string") return null;
    const valid = by === "amount" ? /^[0-9]{1,78}$/.test(value) : !Number.isNaN(Date.parse(value));
    return valid ? { value, id } : null;
  } catch {
    return null;
  }
}
