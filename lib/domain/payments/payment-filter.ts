import "server-only";
import { Prisma } from "@/lib/core/db";
import { knownAssets } from "@/lib/core/money/assets";
import type { Scope } from "@/lib/core/tenancy/scope";
import type { ListPaymentsFilter } from "@/lib/domain/schemas/payment";

/**
 * The payment list's filter, written once: `paymentConditions` says which rows a filter keeps, as
 * conditions on columns; `paymentFilterWhere` reads them as Prisma's `where` (the list's page) and
 * `paymentFilterSql` as a SQL condition (its stats, an aggregate Prisma cannot express). The two
 * readers only translate each kind of condition; what a filter means is decided here alone.
 */
export type PaymentFilter = Omit<ListPaymentsFilter, "limit" | "cursor">;

type PaymentColumn =
  | "accountId"
  | "mode"
  | "status"
  | "merchantId"
  | "referenceId"
  | "searchText"
  | "exceptionType"
  | "exceptionResolution"
  | "createdAt";

type Condition<C extends string> =
  | { column: C; is: "equal"; value: string }
  | { column: C; is: "in"; values: string[] }
  | { column: C; is: "null" | "not null" }
  /** A substring, taken literally (a `%` or `_` in it is only itself). */
  | { column: C; is: "containing"; text: string }
  /** Starts with one of `prefixes`, taken literally. */
  | { column: C; is: "starting with one of"; prefixes: string[] }
  | { column: C; is: "at or after" | "before"; at: Date };

/** A condition on the payment, or on the attempt it is being paid by (every condition must hold). */
type PaymentCondition = Condition<PaymentColumn> | { attempt: Condition<"asset"> };

export function paymentConditions(scope: Scope, filter: PaymentFilter): PaymentCondition[] {
  const conditions: PaymentCondition[] = [
    { column: "accountId", is: "equal", value: scope.accountId },
    { column: "mode", is: "equal", value: scope.mode },
  ];
  if (filter.status) conditions.push({ column: "status", is: "in", values: filter.status });
  if (filter.merchantId) conditions.push({ column: "merchantId", is: "in", values: filter.merchantId });
  if (filter.referenceId)
    // searchText holds the reference lower-cased: the same condition, loosened, that the trigram index can serve.
    conditions.push(
      { column: "referenceId", is: "containing", text: filter.referenceId },
      { column: "searchText", is: "containing", text: filter.referenceId.toLowerCase() },
    );
  if (filter.asset) conditions.push({ attempt: { column: "asset", is: "equal", value: filter.asset } });
  if (filter.exception === "any" || filter.exception === "open")
    conditions.push({ column: "exceptionType", is: "not null" });
  else if (filter.exception)
    conditions.push({ column: "exceptionType", is: "equal", value: filter.exception });
  if (filter.exception === "open") conditions.push({ column: "exceptionResolution", is: "null" });
  if (filter.tokenSymbol)
    conditions.push({
      attempt: { column: "asset", is: "in", values: assetsWithSymbols(filter.tokenSymbol) },
    });
  if (filter.networks)
    conditions.push({
      attempt: {
        column: "asset",
        is: "starting with one of",
        prefixes: filter.networks.map((chainId) => `${chainId}/`),
      },
    });
  if (filter.createdFrom)
    conditions.push({ column: "createdAt", is: "at or after", at: new Date(filter.createdFrom) });
  if (filter.createdTo)
    conditions.push({ column: "createdAt", is: "before", at: new Date(filter.createdTo) });
  return conditions;
}

/** The filter as Prisma's `where` on `Payment`. */
export function paymentFilterWhere(scope: Scope, filter: PaymentFilter): Prisma.PaymentWhereInput {
  return {
    AND: paymentConditions(scope, filter).map((c) =>
      "attempt" in c ? { attempt: prismaCondition(c.attempt) } : prismaCondition(c),
    ),
  };
}

function prismaCondition(c: Condition<string>): Record<string, unknown> {
  switch (c.is) {
    case "equal":
      return { [c.column]: c.value };
    case "in":
      return { [c.column]: { in: c.values } };
    case "null":
      return { [c.column]: null };
    case "not null":
      return { [c.column]: { not: null } };
    // Prisma passes `contains` and `startsWith` to LIKE as they are: hence likeLiteral.
    case "containing":
      return { [c.column]: { contains: likeLiteral(c.text) } };
    case "starting with one of":
      return { OR: c.prefixes.map((prefix) => ({ [c.column]: { startsWith: likeLiteral(prefix) } })) };
    case "at or after":
      return { [c.column]: { gte: c.at } };
    case "before":
      return { [c.column]: { lt: c.at } };
  }
}

/** The filter as a SQL condition on `"Payment"`. */
export function paymentFilterSql(scope: Scope, filter: PaymentFilter): Prisma.Sql {
  return Prisma.join(
    paymentConditions(scope, filter).map((c) =>
      "attempt" in c
        ? // As Prisma's `attempt: {…}` filter reads it.
          Prisma.sql`EXISTS (SELECT 1 FROM "PaymentAttempt" a WHERE a.id = "Payment"."attemptId" AND ${sqlCondition(Prisma.raw("a.asset"), "text", c.attempt)})`
        : sqlCondition(Prisma.raw(`"${c.column}"`), columnTypes[c.column] ?? "text", c),
    ),
    " AND ",
  );
}

// The enum columns, whose values are compared as the enum so that their indexes serve.
const columnTypes: Partial<Record<PaymentColumn, string>> = {
  mode: '"Mode"',
  status: '"PaymentStatus"',
  exceptionType: '"PaymentExceptionType"',
};

function sqlCondition(column: Prisma.Sql, type: string, c: Condition<string>): Prisma.Sql {
  switch (c.is) {
    case "equal":
      return Prisma.sql`${column} = ${c.value}::${Prisma.raw(type)}`;
    case "in":
      return Prisma.sql`${column} = ANY(${c.values}::${Prisma.raw(type)}[])`;
    case "null":
      return Prisma.sql`${column} IS NULL`;
    case "not null":
      return Prisma.sql`${column} IS NOT NULL`;
    case "containing":
      return Prisma.sql`${column} LIKE ${`%${likeLiteral(c.text)}%`}`;
    case "starting with one of":
      return Prisma.sql`EXISTS (SELECT 1 FROM unnest(${c.prefixes}::text[]) AS prefix WHERE starts_with(${column}, prefix))`;
    case "at or after":
      return Prisma.sql`${column} >= ${c.at.toISOString()}::timestamp(3)`;
    case "before":
      return Prisma.sql`${column} < ${c.at.toISOString()}::timestamp(3)`;
  }
}

/** `text` for LIKE, matching itself only: a `%` or `_` in it would otherwise match anything. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

function assetsWithSymbols(symbols: string[]): string[] {
  const wanted = new Set(symbols.map((s) => s.toUpperCase()));
  return knownAssets.filter((a) => wanted.has(a.symbol.toUpperCase())).map((a) => a.id);
}
