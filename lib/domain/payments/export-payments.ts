import "server-only";
import { dbRead } from "@/lib/core/db";
import type { ListPaymentsFilter } from "@/lib/domain/schemas/payment";
import type { Scope } from "@/lib/core/tenancy/scope";
import { buyerDetails } from "./buyer-details";
import { chainIdOf } from "@/lib/core/chain/chains";
import { findKnownAsset, networkName } from "@/lib/core/money/assets";
import { formatUnits } from "@/lib/core/money/money";
import { formatAmount } from "@/lib/core/money/format-amount";
import { findPayments, type ListedPayment, type PaymentView } from "./list-payments";

const batchSize = 500;

const columns: [header: string, value: (p: ListedPayment) => string | null][] = [
  ["id", (p) => p.id],
  ["created_at", (p) => p.createdAt.toISOString()],
  ["status", (p) => p.status],
  ["merchant_id", (p) => p.merchantId],
  ["merchant_name", (p) => p.merchant.name],
  ["reference_id", (p) => p.referenceId],
  ["amount_unit", (p) => p.amountUnit],
  ["amount_value", (p) => p.amountValue.toFixed()],
  ["amount", (p) => formatAmount(p.amountUnit, p.amountValue.toFixed())],
  ["paid_asset", (p) => p.attempt?.asset ?? null],
  ["paid_value", (p) => p.paidValue?.toFixed() ?? null],
  ["tx_id", (p) => p.txId],
  ["refunded_value", (p) => p.refundedValue.toFixed()],
  ["expires_at", (p) => p.expiresAt.toISOString()],
  ["finalized_at", (p) => p.finalizedAt?.toISOString() ?? null],
  // The same money in decimals, for a spreadsheet to add up: what was paid in whole units of its
  // asset (a token nobody named stays in paid_value alone) and what was refunded, as amounts.
  ["paid_amount", (p) => paidNamed(p)?.amount ?? null],
  ["paid_symbol", (p) => paidNamed(p)?.symbol ?? null],
  ["paid_network", (p) => (p.attempt && p.paidValue ? networkName(chainIdOf(p.attempt.asset)) : null)],
  ["refunded", (p) => formatAmount(p.amountUnit, p.refundedValue.toFixed())],
];

function paidNamed(p: ListedPayment): { amount: string; symbol: string } | null {
  const known = p.attempt && p.paidValue ? findKnownAsset(p.attempt.asset) : undefined;
  return known ? { amount: formatUnits(p.paidValue!.toFixed(), known.decimals), symbol: known.symbol } : null;
}
// Information capture: one column per detail, filled only for people allowed to see them.
const buyerColumns: typeof columns = [
  ["buyer_full_name", "fullName"],
  ["buyer_date_of_birth", "dob"],
  ["buyer_residence_address", "porAddress"],
  ["buyer_residence_country", "porCountry"],
  ["buyer_birth_place", "pobAddress"],
  ["buyer_birth_country", "pobCountry"],
].map(([header, id]) => [
  header!,
  (p: ListedPayment) => buyerDetails(p)?.find((d) => d.id === id)?.value ?? null,
]);

/**
 * One CSV cell. Quoted when it holds a comma, quote or line break (RFC 4180). A cell a spreadsheet
 * would run as a formula (starting with =, +, -, @, tab or carriage return; a reference id is the
 * buyer's or merchant's text) gets a leading apostrophe so it stays text.
 */
export function csvCell(value: string | null): string {
  let text = value ?? "";
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: (string | null)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/**
 * Every payment matching the filter, as CSV, read from the database in keyset batches as the
 * client takes them (pull), so neither the file nor the result set is ever held in memory.
 */
export function exportPaymentsCsv(
  scope: Scope,
  filter: Omit<ListPaymentsFilter, "limit" | "cursor">,
  view: Pick<PaymentView, "sort" | "search">,
  options: { buyerDetails: boolean },
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const shown = options.buyerDetails ? [...columns, ...buyerColumns] : columns;
  let cursor: string | undefined;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLine(shown.map(([header]) => header))));
        return;
      }
      const page = await findPayments(dbRead(), scope, { ...filter, limit: batchSize, cursor }, view);
      if (page.rows.length > 0)
        controller.enqueue(
          encoder.encode(page.rows.map((row) => csvLine(shown.map(([, value]) => value(row)))).join("")),
        );
      if (page.nextCursor) cursor = page.nextCursor;
      else controller.close();
    },
  });
}
