"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTransition, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { cn } from "@/components/ui/cn";
import type { Mode, PaymentStatus } from "@/lib/core/db";
import { paymentsQueryString, type PaymentsQuery } from "@/lib/domain/payments/search-payments";
import { DateTime } from "./date-time";
import { PaymentFilters, type MerchantOption } from "./payment-filters";
import { ExceptionBadge, RefundBadge, StatusBadge } from "./status-badge";
import type { ExceptionType, RefundState } from "@/lib/domain/schemas/payment";

export type PaymentListItem = {
  id: string;
  createdAt: string;
  status: PaymentStatus;
  merchantId: string;
  merchantName: string;
  referenceId: string;
  /** The buyer's email (or the paying wallet, shortened); null before anyone paid or gave one. */
  buyer: string | null;
  amount: string;
  refundState: RefundState | null;
  exception: { type: ExceptionType; resolved: boolean } | null;
};

// Narrow screens keep amount, status and date; the rest is on the detail page. The payment id
// waits for 2xl: with the buyer column, a 1280 px dashboard has no room for it (the page has it).
const hiddenOnSmall: Record<string, string> = {
  referenceId: "hidden md:table-cell",
  merchantName: "hidden lg:table-cell",
  buyer: "hidden lg:table-cell",
  id: "hidden 2xl:table-cell",
  createdAt: "hidden md:table-cell",
};

// The columns, each with its header and cell. "amount" and "createdAt" sort on the server (by the
// amount's value, by time), newest or largest first when chosen.
type Column = {
  id: "amount" | "status" | "referenceId" | "buyer" | "merchantName" | "id" | "createdAt";
  header: string;
  sortable?: boolean;
  cell: (row: PaymentListItem) => ReactNode;
};

function columns(mode: Mode): Column[] {
  return [
    {
      id: "amount",
      header: "Amount",
      sortable: true,
      cell: (row) => (
        <>
          <Link
            href={`/${mode}/payments/${row.id}`}
            className="font-medium text-primary hover:underline"
            onClick={(e) => e.stopPropagation()}
          >
            {row.amount}
          </Link>
          <div className="max-w-52 truncate text-xs text-muted-foreground md:hidden">
            {row.referenceId} · <DateTime value={row.createdAt} compact />
          </div>
        </>
      ),
    },
    {
      id: "status",
      header: "Status",
      cell: (row) => (
        <div className="flex flex-wrap gap-1">
          <StatusBadge status={row.status} />
          <RefundBadge state={row.refundState} />
          <ExceptionBadge type={row.exception?.type ?? null} resolved={row.exception?.resolved} />
        </div>
      ),
    },
    {
      id: "referenceId",
      header: "Reference",
      cell: (row) => <span className="block max-w-48 truncate">{row.referenceId}</span>,
    },
    {
      id: "buyer",
      header: "Buyer",
      cell: (row) =>
        row.buyer ? (
          <span className="block max-w-48 truncate">{row.buyer}</span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    { id: "merchantName", header: "Merchant", cell: (row) => row.merchantName },
    { id: "id", header: "Payment id", cell: (row) => <code className="text-xs">{row.id}</code> },
    {
      id: "createdAt",
      header: "Created",
      sortable: true,
      cell: (row) => <DateTime value={row.createdAt} />,
    },
  ];
}

/**
 * The payments table. Everything that selects rows (filters, search, sort, page) is in the URL and
 * runs on the server; this component only turns clicks into URLs.
 */
export function PaymentsTable({
  mode,
  rows,
  query,
  nextCursor,
  prevCursor,
  matches,
  merchants,
}: {
  mode: Mode;
  rows: PaymentListItem[];
  query: PaymentsQuery;
  nextCursor: string | null;
  prevCursor: string | null;
  /** How many payments the whole view matches (every page), counted up to a bound. */
  matches: { count: number; more: boolean };
  merchants: MerchantOption[];
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const go = (next: Partial<PaymentsQuery>) =>
    startTransition(() => router.push(`/${mode}/payments${paymentsQueryString(next)}`));
  const filters = {
    status: query.status,
    refund: query.refund,
    exception: query.exception,
    merchantId: query.merchantId,
    from: query.from,
    to: query.to,
    q: query.q,
  };
  // A click on the sorted column flips its direction; on another, sorts by it, largest or newest
  // first. A new order starts at its first page.
  const cols = columns(mode);
  const sortBy = (id: PaymentsQuery["sort"]) =>
    go({ ...filters, sort: id, dir: query.sort === id && query.dir === "desc" ? "asc" : "desc" });
  const filtered = Object.values(filters).some(Boolean);

  return (
    <div className="space-y-4">
      <PaymentFilters
        key={paymentsQueryString(filters)}
        filters={filters}
        merchants={merchants}
        onApply={(next) => go({ ...next, sort: query.sort, dir: query.dir })}
      />
      {rows.length > 0 ? (
        <p className="text-sm text-muted-foreground" role="status" data-testid="payments-count">
          {matchCount(matches, filtered)}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState
          title={filtered ? "No payments match" : `No ${mode}-mode payments yet`}
          description={
            filtered
              ? "Try another status, refund state, merchant or date range, or another search."
              : "Payments appear here as soon as they are created through the API."
          }
          action={
            filtered ? (
              <Button variant="outline" onClick={() => go({})}>
                Clear filters
              </Button>
            ) : null
          }
        />
      ) : (
        <div
          aria-busy={pending}
          className={cn("transition-opacity", pending && "pointer-events-none opacity-50")}
        >
          <Table aria-label="Payments">
            <THead>
              <Tr>
                {cols.map((column) => {
                  const sorted = query.sort === column.id ? query.dir : null;
                  return (
                    <Th
                      key={column.id}
                      className={hiddenOnSmall[column.id]}
                      aria-sort={sorted ? (sorted === "asc" ? "ascending" : "descending") : undefined}
                    >
                      {column.sortable ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 uppercase hover:text-foreground"
                          onClick={() => sortBy(column.id as PaymentsQuery["sort"])}
                        >
                          {column.header}
                          <span aria-hidden>{sorted === "asc" ? "↑" : sorted === "desc" ? "↓" : "↕"}</span>
                        </button>
                      ) : (
                        column.header
                      )}
                    </Th>
                  );
                })}
              </Tr>
            </THead>
            <TBody>
              {rows.map((row) => (
                <Tr
                  key={row.id}
                  data-testid="payment-row"
                  className="cursor-pointer"
                  onClick={() => router.push(`/${mode}/payments/${row.id}`)}
                >
                  {cols.map((column) => (
                    <Td key={column.id} className={hiddenOnSmall[column.id]}>
                      {column.cell(row)}
                    </Td>
                  ))}
                </Tr>
              ))}
            </TBody>
          </Table>
        </div>
      )}
      {prevCursor || nextCursor ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">
            {rows.length === 0 ? "" : `${rows.length} payment${rows.length === 1 ? "" : "s"} on this page`}
          </p>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={!prevCursor || pending}
              onClick={() =>
                prevCursor && go({ ...filters, sort: query.sort, dir: query.dir, before: prevCursor })
              }
            >
              ← Previous
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={!nextCursor || pending}
              onClick={() =>
                nextCursor && go({ ...filters, sort: query.sort, dir: query.dir, cursor: nextCursor })
              }
            >
              Next →
            </Button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}

/** "3 payments match", "1 payment", "More than 10,000 payments match". */
function matchCount({ count, more }: { count: number; more: boolean }, filtered: boolean): string {
  const noun = count === 1 && !more ? "payment" : "payments";
  const figure = more ? `More than ${count.toLocaleString("en-US")}` : count.toLocaleString("en-US");
  return `${figure} ${noun}${filtered ? (count === 1 && !more ? " matches" : " match") : ""}`;
}
