import "server-only";
import { db, Prisma, withAttempt, type Payment, type DbOrTx } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { isCursorId, isStorableDate } from "@/lib/core/db/pagination";
import type { ListPaymentsFilter, ListPaymentsQueryInput, RefundState } from "@/lib/domain/schemas/payment";
import type { Scope } from "@/lib/core/tenancy/scope";
import { CURRENCY_EXPONENTS, formatUnits, isCurrencyCode } from "@/lib/core/money/money";
import { isFinalStatus } from "./lifecycle";
import { refundStateWhere } from "./refund-state";
import { likeLiteral, paymentFilterSql, paymentFilterWhere, type PaymentFilter } from "./payment-filter";
import { fiatCents } from "./search-payments";
import { serializePayment } from "./serialize";

/** The API's list query (our names and WalletConnect Pay's) as the filter and order of findPayments. */
export function paymentsListRequest(
  query: ListPaymentsQueryInput,
  merchantId?: string,
): { filter: ListPaymentsFilter; view: PaymentView } {
  return {
    filter: {
      limit: query.limit,
      cursor: query.cursor,
      status: query.status,
      merchantId: merchantId ? [merchantId] : query.merchantId,
      referenceId: query.referenceId,
      asset: query.asset,
      tokenSymbol: query.token_symbol,
      networks: query.network?.split(","),
      createdFrom: query.startTs ?? query.createdFrom,
      createdTo: query.endTs ?? query.createdTo,
      exception: query.exception,
    },
    view: { sort: { by: query.sortBy === "amount" ? "amount" : "createdAt", dir: query.sortDir } },
  };
}

export const paymentSortKeys = ["createdAt", "amount"] as const;
export type PaymentSort = { by: (typeof paymentSortKeys)[number]; dir: "asc" | "desc" };

/** What the dashboard adds to the API's filter: another order, a search, and paging backwards. */
export type PaymentView = {
  sort?: PaymentSort;
  /** Text typed in the dashboard's search box (see searchWhere). */
  search?: string;
  /** The page before this cursor (a `prevCursor`), instead of the one after `filter.cursor`. */
  before?: string;
  /** Only payments partly or wholly refunded. */
  refund?: RefundState | "any";
};

export type ListedPayment = Payment & { merchant: { name: string; iconUrl: string | null } };

const newestFirst: PaymentSort = { by: "createdAt", dir: "desc" };

/**
 * The one payments query: the API's list, the dashboard table and the CSV export all page through
 * it. Keyset pagination over (sort column, id), so page 1,000 costs what page 1 does. A cursor is
 * `[value, id]` in base64url; for the default order that is the format of lib/core/db/pagination.ts.
 */
export async function findPayments(
  q: DbOrTx,
  scope: Scope,
  filter: ListPaymentsFilter,
  view: PaymentView = {},
): Promise<{ rows: ListedPayment[]; nextCursor: string | null; prevCursor: string | null }> {
  const sort = view.sort ?? newestFirst;
  const backwards = view.before !== undefined;
  const cursor = backwards ? view.before : filter.cursor;
  const position = cursor ? decodePosition(cursor, sort.by) : null;
  if (cursor && !position)
    throw new AppError("params_validation", "The cursor is invalid; pass nextCursor from a previous page.", {
      fields: { cursor: "Invalid." },
    });

  // Paging backwards reads the other way from the cursor, then puts the rows back in order.
  const dir = backwards ? (sort.dir === "asc" ? "desc" : "asc") : sort.dir;
  const column = sort.by === "amount" ? "amountValue" : "createdAt";
  const rows = await q.payment.findMany({
    where: {
      AND: [await paymentsViewWhere(q, scope, filter, view), position ? beyond(column, dir, position) : {}],
    },
    orderBy: [{ [column]: dir }, { id: dir }],
    take: filter.limit + 1,
    include: { merchant: { select: { name: true, iconUrl: true } }, ...withAttempt },
  });
  const more = rows.length > filter.limit;
  // Back at the start: show a full first page rather than the few rows before the cursor.
  if (backwards && !more)
    return findPayments(q, scope, { ...filter, cursor: undefined }, { ...view, before: undefined });
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

/** The payments a filter and the dashboard's view (search, refund state) select, before paging. */
async function paymentsViewWhere(
  q: DbOrTx,
  scope: Scope,
  filter: Omit<ListPaymentsFilter, "limit" | "cursor">,
  view: PaymentView,
): Promise<Prisma.PaymentWhereInput> {
  return {
    AND: [
      paymentFilterWhere(scope, filter),
      await searchWhere(q, scope, view.search),
      view.refund ? refundStateWhere(view.refund) : {},
    ],
  };
}

/**
 * How many payments the dashboard's view matches, counted up to `upTo + 1` (an index-bounded count
 * however many there are): `{count, more}` where `more` means more than `upTo`.
 */
export async function countPayments(
  q: DbOrTx,
  scope: Scope,
  filter: Omit<ListPaymentsFilter, "limit" | "cursor">,
  view: PaymentView,
  upTo = 10_000,
): Promise<{ count: number; more: boolean }> {
  const count = await q.payment.count({
    where: await paymentsViewWhere(q, scope, filter, view),
    take: upTo + 1,
  });
  return { count: Math.min(count, upTo), more: count > upTo };
}

/**
 * A page of payments as our API lists them, with WalletConnect Pay's fields beside ours (each row's
 * paymentId, merchant, isTerminal, lastUpdatedAt, and the page's stats), since its list shares the path.
 */
export async function listPayments(
  q: DbOrTx,
  scope: Scope,
  { filter, view }: { filter: ListPaymentsFilter; view: PaymentView },
) {
  const page = await findPayments(q, scope, filter, view);
  // A first page that holds every match has already read what the stats count: no second pass.
  const whole =
    !filter.cursor &&
    page.nextCursor === null &&
    view.search === undefined &&
    view.refund === undefined &&
    view.before === undefined;
  const stats = whole ? statsOfRows(page.rows) : await paymentStats(q, scope, filter);
  return {
    data: page.rows.map((row) => ({
      ...serializePayment(row),
      paymentId: row.id,
      merchant: { id: row.merchantId, name: row.merchant.name, iconUrl: row.merchant.iconUrl },
      isTerminal: isFinalStatus(row.status),
      lastUpdatedAt: row.updatedAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
    stats,
  };
}

type PaymentStats = {
  totalRevenue: { currency: string; amount: number }[];
  totalTransactions: number;
  totalCustomers: number;
  asOf?: string;
  complete?: false;
};

// The stats cover every matching payment. Up to `exactStatsUpTo` matches, one bounded aggregate
// counts them afresh for every first page (a few milliseconds). Beyond that an exact pass costs
// seconds to minutes at millions of payments, so its figures are kept for a minute per filter in
// this process and shared, flagged with `asOf`; once older they are still answered, for five
// minutes, while one request recomputes them in the background. Only the request that starts an
// exact pass waits for it, and no longer than `exactStatsWaitMs`; past that, and for every request
// while the pass runs, the answer carries the first 10,001 matches' figures marked
// `complete: false`. One exact pass at a time runs per account and mode, so many filters at once
// cannot tie up the pool. Pages after the first (a cursor) repeat what the first page saw.
export const exactStatsUpTo = 10_000;
export const exactStatsWaitMs = 2_000;
const statsTtlMs = 60_000;
const staleForMs = 5 * 60_000;
const statsCapacity = 1_000;
const recentStats = new Map<string, { stats: PaymentStats; until: number; large: boolean }>();
const busyCells = new Set<string>();

async function paymentStats(q: DbOrTx, scope: Scope, filter: ListPaymentsFilter): Promise<PaymentStats> {
  const key = JSON.stringify([
    scope.accountId,
    scope.mode,
    { ...filter, limit: undefined, cursor: undefined },
  ]);
  const recent = recentStats.get(key);
  if (recent && (filter.cursor || recent.large) && recent.until > Date.now()) return recent.stats;
  if (recent?.large && recent.until + staleForMs > Date.now()) {
    startExactPass(key, scope, filter);
    return recent.stats;
  }
  const bounded = await boundedPaymentStats(q, scope, filter, exactStatsUpTo);
  if (bounded.complete) {
    remember(key, { stats: bounded.stats, until: Date.now() + statsTtlMs, large: false });
    return bounded.stats;
  }
  const partial: PaymentStats = { ...bounded.stats, complete: false };
  // Only the request that starts a pass waits for it; while it runs, the others answer at once.
  const exact = startExactPass(key, scope, filter);
  if (!exact) return partial;
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<PaymentStats>(
    (resolve) => (timer = setTimeout(resolve, exactStatsWaitMs, partial)),
  );
  return Promise.race([exact, waited]).finally(() => clearTimeout(timer));
}

/**
 * Starts the exact pass over a large match, on the pool (not the request's transaction, which may
 * end first); null when a pass for this filter, or for another filter of the same account and mode,
 * is already running.
 */
function startExactPass(key: string, scope: Scope, filter: ListPaymentsFilter): Promise<PaymentStats> | null {
  const cell = `${scope.accountId}:${scope.mode}`;
  if (busyCells.has(cell)) return null;
  busyCells.add(cell);
  const asOf = new Date().toISOString();
  const running = exactPaymentStats(scope, filter)
    .then((stats) => {
      const flagged = { ...stats, asOf };
      remember(key, { stats: flagged, until: Date.now() + statsTtlMs, large: true });
      return flagged;
    })
    .finally(() => busyCells.delete(cell));
  // A request that stopped waiting does not see this pass's failure; the next one starts another.
  running.catch(() => {});
  return running;
}

function remember(key: string, entry: { stats: PaymentStats; until: number; large: boolean }) {
  recentStats.delete(key);
  if (recentStats.size >= statsCapacity) recentStats.delete(recentStats.keys().next().value!);
  recentStats.set(key, entry);
}

/**
 * Totals over the payments the filter matches: count, distinct payers, succeeded revenue per fiat
 * currency (major units). The pass stops after `upTo + 1` matches and is not `complete` when it got
 * that far (its figures then cover those matches only).
 */
async function boundedPaymentStats(
  q: DbOrTx,
  scope: Scope,
  filter: PaymentFilter,
  upTo: number,
): Promise<{ stats: PaymentStats; complete: boolean }> {
  // One pass in SQL: Prisma has no count of distinct values (its `distinct` reads every row into
  // memory) and would need a query per figure. The grand total row (unit NULL) holds the counts,
  // one row per unit its succeeded revenue.
  const rows = await q.$queryRaw<
    { unit: string | null; count: number; payers: number; revenue: string | null }[]
  >`
    SELECT CASE WHEN grouping("amountUnit") = 0 THEN "amountUnit" END AS unit, count(*)::int AS count, count(DISTINCT "payerAddress")::int AS payers,
           (sum("amountValue") FILTER (WHERE status = 'succeeded'))::text AS revenue
    FROM (SELECT "amountUnit", "amountValue", "payerAddress", status FROM "Payment" WHERE ${paymentFilterSql(scope, filter)} LIMIT ${upTo + 1}) matching
    GROUP BY GROUPING SETS ((), ("amountUnit"))
    ORDER BY unit NULLS FIRST`;
  const total = rows.find((r) => r.unit === null);
  const stats = {
    totalRevenue: revenueByCurrency(rows),
    totalTransactions: total?.count ?? 0,
    totalCustomers: total?.payers ?? 0,
  };
  return { stats, complete: stats.totalTransactions <= upTo };
}

/**
 * The same totals over any number of matches, as two hash aggregates with room to stay in memory:
 * one count(DISTINCT) under GROUPING SETS sorts every match's payer address on disk (at 9,200,000
 * matches on the bench machine, warm: 36 s for that query, 24 s for these two).
 */
function exactPaymentStats(scope: Scope, filter: PaymentFilter): Promise<PaymentStats> {
  const where = paymentFilterSql(scope, filter);
  return db().$transaction(
    async (tx) => {
      await tx.$executeRaw`SET LOCAL work_mem = '128MB'`;
      const units = await tx.$queryRaw<{ unit: string; count: number; revenue: string | null }[]>`
        SELECT "amountUnit" AS unit, count(*)::int AS count, (sum("amountValue") FILTER (WHERE status = 'succeeded'))::text AS revenue
        FROM "Payment" WHERE ${where} GROUP BY 1 ORDER BY 1`;
      const [payers] = await tx.$queryRaw<{ count: number }[]>`
        SELECT count(*)::int AS count FROM (SELECT "payerAddress" FROM "Payment" WHERE ${where} AND "payerAddress" IS NOT NULL GROUP BY 1) distinct_payers`;
      return {
        totalRevenue: revenueByCurrency(units),
        totalTransactions: units.reduce((sum, u) => sum + u.count, 0),
        totalCustomers: payers?.count ?? 0,
      };
    },
    // A pass over millions of rows takes minutes on a small machine; it runs off the request.
    { maxWait: 10 * 60_000, timeout: 15 * 60_000 },
  );
}

/** The stats of a set of payments already read, as boundedPaymentStats counts them in SQL. */
function statsOfRows(rows: Payment[]): PaymentStats {
  const revenue = new Map<string, bigint>();
  for (const row of rows) {
    if (row.status === "succeeded")
      revenue.set(row.amountUnit, (revenue.get(row.amountUnit) ?? 0n) + BigInt(row.amountValue.toFixed()));
  }
  const units = [...revenue.keys()].sort().map((unit) => ({ unit, revenue: revenue.get(unit)!.toString() }));
  return {
    totalRevenue: revenueByCurrency(units),
    totalTransactions: rows.length,
    totalCustomers: new Set(rows.flatMap((r) => (r.payerAddress === null ? [] : [r.payerAddress]))).size,
  };
}

function revenueByCurrency(
  rows: { unit: string | null; revenue: string | null }[],
): PaymentStats["totalRevenue"] {
  return rows.flatMap((r) => {
    if (r.unit === null || r.revenue === null || !r.unit.startsWith("iso4217/")) return [];
    const currency = r.unit.slice("iso4217/".length);
    const exponent = isCurrencyCode(currency) ? CURRENCY_EXPONENTS[currency] : 2;
    return [{ currency, amount: Number(formatUnits(r.revenue, exponent)) }];
  });
}

/**
 * What the dashboard's search box finds: the payments whose id, reference or transaction hash is
 * exactly the term if there are any; otherwise payments whose id, reference, hash or payer address
 * contains it (3 characters or more, through the trigram index on `searchText`), or that a whole
 * wallet address paid; the buyer's email; by
 * its fiat amount ("10.50" or "$10"); or by its merchant's name. Each branch has an index, so
 * PostgreSQL combines them in one bitmap scan.
 */
const buyerEmailMatches = 10_000;

async function searchWhere(
  q: DbOrTx,
  scope: Scope,
  search: string | undefined,
): Promise<Prisma.PaymentWhereInput> {
  const term = search?.trim();
  if (!term) return {};
  const exact: Prisma.PaymentWhereInput = { OR: [{ id: term }, { referenceId: term }, { txId: term }] };
  // A whole id, reference or hash means that payment, not every one that contains it.
  if (
    await q.payment.findFirst({
      where: { accountId: scope.accountId, mode: scope.mode, ...exact },
      select: { id: true },
    })
  )
    return exact;
  const branches: Prisma.PaymentWhereInput[] = [];
  // A buyer's email (the receipt's address), in any case, through the index on ("accountId", mode,
  // lower("buyerEmail")): Prisma cannot say lower(), so the buyer's payments are read here first,
  // the newest 10,000 (as many as the dashboard counts).
  if (/^[^\s@]+@[^\s@]+$/.test(term)) {
    const paidBy = await q.$queryRaw<{ id: string }[]>`
      SELECT id FROM "Payment"
      WHERE "accountId" = ${scope.accountId} AND mode = ${scope.mode}::"Mode" AND lower("buyerEmail") = lower(${term})
      ORDER BY "createdAt" DESC LIMIT ${buyerEmailMatches}`;
    if (paidBy.length > 0) branches.push({ id: { in: paidBy.map((p) => p.id) } });
  }
  const cents = fiatCents(term);
  if (/^0x[0-9a-f]{40}$/i.test(term)) {
    // A whole wallet address means the payments it paid: entered in the trigram index by its first
    // twelve hex digits (a dozen posting lists, not forty), then matched exactly.
    branches.push({
      searchText: { contains: term.slice(0, 14).toLowerCase() },
      payerAddress: { equals: term, mode: "insensitive" },
    });
  } else if (term.length >= 3 && !(cents && /^\p{Sc}/u.test(term))) {
    // A term written as money ("$10.90") means an amount, not digits inside references and hashes,
    // whose common digit trigrams would make the index read far more than the amount's rows.
    branches.push({ searchText: { contains: likeLiteral(term.toLowerCase()) } });
  }
  if (cents) branches.push({ amountUnit: { startsWith: "iso4217/" }, amountValue: { in: cents } });
  const merchants = await q.merchant.findMany({
    where: { accountId: scope.accountId, mode: scope.mode, name: { contains: term, mode: "insensitive" } },
    select: { id: true },
    take: 20,
  });
  if (merchants.length > 0) branches.push({ merchantId: { in: merchants.map((m) => m.id) } });
  return branches.length > 0 ? { OR: branches } : { id: { in: [] } };
}

type Position = { value: string; id: string };

function beyond(
  column: "createdAt" | "amountValue",
  dir: "asc" | "desc",
  position: Position,
): Prisma.PaymentWhereInput {
  const value = column === "createdAt" ? new Date(position.value) : position.value;
  const op = dir === "asc" ? "gt" : "lt";
  // The first condition is implied by the second; it is there because PostgreSQL can start an index
  // scan at it, where the OR alone makes it read every row before the cursor.
  return {
    AND: [
      { [column]: { [`${op}e`]: value } },
      { OR: [{ [column]: { [op]: value } }, { [column]: value, id: { [op]: position.id } }] },
    ],
  };
}

function encodePosition(row: Payment, by: PaymentSort["by"]): string {
  const value = by === "amount" ? row.amountValue.toFixed() : row.createdAt.toISOString();
  return Buffer.from(JSON.stringify([value, row.id])).toString("base64url");
}

function decodePosition(cursor: string, by: PaymentSort["by"]): Position | null {
  try {
    const [value, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (typeof value !== "string" || !isCursorId(id)) return null;
    const valid = by === "amount" ? /^[0-9]{1,78}$/.test(value) : isStorableDate(new Date(value));
    return valid ? { value, id } : null;
  } catch {
    return null;
  }
}
