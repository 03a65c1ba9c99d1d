import "server-only";
import { Prisma, type Payment, type PaymentAttempt, type PaymentRow } from "@/lib/core/db";

// A payment and its attempts read in one raw statement (past Prisma, for the confirm's one read),
// in the shapes Prisma gives them. Every column is selected in a form both drivers (pg and PGlite)
// return alike: numerics and 64-bit integers as text, timestamps as epoch milliseconds, enums as text.

type Kind = "text" | "int" | "decimal" | "bigint" | "date";

// Typed as the whole model: a new column must be named here.
const paymentColumns: Record<keyof PaymentRow, Kind> = {
  id: "text",
  accountId: "text",
  mode: "text",
  merchantId: "text",
  referenceId: "text",
  amountUnit: "text",
  amountValue: "decimal",
  status: "text",
  version: "int",
  collectedData: "text",
  collectedDataAt: "date",
  expiresAt: "date",
  createdAt: "date",
  updatedAt: "date",
  finalizedAt: "date",
  attemptId: "text",
  txId: "text",
  paidValue: "decimal",
  payerAddress: "text",
  relayGasUsed: "int",
  relayGasCostWei: "decimal",
  failureReason: "text",
  checkoutSuccessUrl: "text",
  checkoutErrorUrl: "text",
  receiptToken: "text",
  buyerEmail: "text",
  paymentLinkId: "text",
  refundedValue: "decimal",
  exceptionType: "text",
  exceptionAsset: "text",
  exceptionExpected: "decimal",
  exceptionReceived: "decimal",
  exceptionTxHash: "text",
  exceptionResolution: "text",
  exceptionResolvedAt: "date",
  searchText: "text",
};

const attemptColumns: Record<keyof PaymentAttempt, Kind> = {
  id: "text",
  accountId: "text",
  mode: "text",
  paymentId: "text",
  settlementId: "text",
  asset: "text",
  destination: "text",
  payer: "text",
  value: "decimal",
  method: "text",
  nonce: "text",
  validAfter: "bigint",
  transaction: "text",
  expiresAt: "date",
  confirmedAt: "date",
  result: "text",
  supersededAt: "date",
  createdAt: "date",
};

function selectList(columns: Record<string, Kind>, alias: string, prefix: string): string {
  return Object.entries(columns)
    .map(([name, kind]) => {
      const column = `${alias}."${name}"`;
      const value =
        kind === "date"
          ? `(extract(epoch from ${column}) * 1000)::float8`
          : kind === "decimal" ||
              kind === "bigint" ||
              name === "mode" ||
              name === "status" ||
              name === "exceptionType"
            ? `${column}::text`
            : column;
      return `${value} AS "${prefix}${name}"`;
    })
    .join(", ");
}

function parse<T>(columns: Record<string, Kind>, row: Record<string, unknown>, prefix: string): T {
  const out: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(columns)) {
    const value = row[`${prefix}${name}`];
    out[name] =
      value === null || value === undefined
        ? null
        : kind === "date"
          ? new Date(Number(value))
          : kind === "decimal"
            ? new Prisma.Decimal(value as string)
            : kind === "bigint"
              ? BigInt(value as string)
              : kind === "int"
                ? Number(value)
                : value;
  }
  return out as T;
}

/** The columns of the payment row `alias`, each named `prefix` + its field, for paymentFromRow. */
export function paymentSelect(alias: string, prefix: string): Prisma.Sql {
  return Prisma.raw(selectList(paymentColumns, alias, prefix));
}

/** The columns of the attempt row `alias` (which may be a LEFT JOIN's missing row), for attemptFromRow. */
export function attemptSelect(alias: string, prefix: string): Prisma.Sql {
  return Prisma.raw(selectList(attemptColumns, alias, prefix));
}

/** The payment selected by paymentSelect, with `attempt` as the attempt it names. */
export function paymentFromRow(
  row: Record<string, unknown>,
  prefix: string,
  attempt: PaymentAttempt | null,
): Payment {
  return { ...parse<PaymentRow>(paymentColumns, row, prefix), attempt };
}

/** The attempt selected by attemptSelect, or null when the row had none. */
export function attemptFromRow(row: Record<string, unknown>, prefix: string): PaymentAttempt | null {
  return row[`${prefix}id`] == null ? null : parse<PaymentAttempt>(attemptColumns, row, prefix);
}
