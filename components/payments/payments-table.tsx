"use client";

import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
  type Updater,
} from "@tanstack/react-table";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
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
  amount: string;
  refundState: RefundState | null;
  exception: { type: ExceptionType; resolved: boolean } | null;
};

// Narrow screens keep amount, status and date; the rest is on the detail page.
const hiddenOnSmall: Record<string, string> = {
  referenceId: "hidden md:table-cell",
  merchantName: "hidden lg:table-cell",
  id: "hidden xl:table-cell",
  createdAt: "hidden md:table-cell",
};

function columns(mode: Mode): ColumnDef<PaymentListItem>[] {
  return [
    {
      // Sortable columns need an accessor; the server does the sorting (by the amount's value).
      id: "amount",
      accessorFn: (row) => row.amount,
      header: "Amount",
      sortDescFirst: true,
      cell: ({ row }) => (
        <>
          <Link
            href={`/${mode}/payments/${row.original.id}`}
            className="font-medium text-primary hover:underline"
            onClick={(e) => e.stopPropagation()}
          >
            {row.original.amount}
          </Link>
          <div className="max-w-52 truncate text-xs text-muted-foreground md:hidden">
            {row.original.referenceId} · <DateTime value={row.original.createdAt} compact />
          </div>
        </>
      ),
    },
    {
      id: "status",
      header: "Status",
      enableSorting: false,
      cell: ({ row }) => (
        <div className="flex flex-wrap gap-1">
          <StatusBadge status={row.original.status} />
          <RefundBadge state={row.original.refundState} />
          <ExceptionBadge
            type={row.original.exception?.type ?? null}
            resolved={row.original.exception?.resolved}
          />
        </div>
      ),
    },
    {
      id: "referenceId",
      header: "Reference",
      enableSorting: false,
      cell: ({ row }) => <span className="block max-w-48 truncate">{row.original.referenceId}</span>,
    },
    {
      id: "merchantName",
      header: "Merchant",
      enableSorting: false,
      cell: ({ row }) => row.original.merchantName,
    },
    {
      id: "id",
      header: "Payment id",
      enableSorting: false,
      cell: ({ row }) => <code className="text-xs">{row.original.id}</code>,
    },
    {
      id: "createdAt",
      accessorFn: (row) => row.createdAt,
      header: "Created",
      sortDescFirst: true,
      cell: ({ row }) => <DateTime value={row.original.createdAt} />,
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
  merchants,
}: {
  mode: Mode;
  rows: PaymentListItem[];
  query: PaymentsQuery;
  nextCursor: string | null;
  prevCursor: string | null;
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
  const sorting: SortingState = [{ id: query.sort, desc: query.dir === "desc" }];

  // The table instance is rebuilt from props on every render (the rows come from the server), so
  // the compiler's memoization, which this hook opts out of, is not needed here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns: columns(mode),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) => {
      const [next] = typeof updater === "function" ? updater(sorting) : updater;
      // A new order starts at its first page.
      if (next) go({ ...filters, sort: next.id as PaymentsQuery["sort"], dir: next.desc ? "desc" : "asc" });
    },
    getRowId: (row) => row.id,
  });
  const filtered = Object.values(filters).some(Boolean);

  return (
    <div className="space-y-4">
      <PaymentFilters
        key={paymentsQueryString(filters)}
        filters={filters}
        merchants={merchants}
        onApply={(next) => go({ ...next, sort: query.sort, dir: query.dir })}
      />
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
              {table.getHeaderGroups().map((group) => (
                <Tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    return (
                      <Th
                        key={header.id}
                        className={hiddenOnSmall[header.id]}
                        aria-sort={sorted ? (sorted === "asc" ? "ascending" : "descending") : undefined}
                      >
                        {header.column.getCanSort() ? (
                          <button
                            type="button"
                            className="inline-flex items-center gap-1 uppercase hover:text-foreground"
                            onClick={header.column.getToggleSortingHandler()}
                          >
                            {flexRender(header.column.columnDef.header, header.getContext())}
                            <span aria-hidden>{sorted === "asc" ? "↑" : sorted === "desc" ? "↓" : "↕"}</span>
                          </button>
                        ) : (
                          flexRender(header.column.columnDef.header, header.getContext())
                        )}
                      </Th>
                    );
                  })}
                </Tr>
              ))}
            </THead>
            <TBody>
              {table.getRowModel().rows.map((row) => (
                <Tr
                  key={row.id}
                  data-testid="payment-row"
                  className="cursor-pointer"
                  onClick={() => router.push(`/${mode}/payments/${row.id}`)}
                >
                  {row.getVisibleCells().map((cell) => (
                    <Td key={cell.id} className={hiddenOnSmall[cell.column.id]}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
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
