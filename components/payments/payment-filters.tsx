"use client";

import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { exceptionTypes, paymentStatuses, refundStates } from "@/lib/domain/schemas/payment";
import type { PaymentsQuery } from "@/lib/domain/payments/search-payments";
import { exceptionLabels, refundLabels, statusLabels } from "./status-badge";

export type MerchantOption = { id: string; name: string };
type Filters = Pick<PaymentsQuery, "status" | "refund" | "exception" | "merchantId" | "from" | "to" | "q">;

/** Search box and filters. Choosing a status, merchant or date applies at once; search on Enter. */
export function PaymentFilters({
  filters,
  merchants,
  onApply,
}: {
  filters: Filters;
  merchants: MerchantOption[];
  onApply: (filters: Filters) => void;
}) {
  const ref = useRef<HTMLFormElement>(null);
  const apply = () => ref.current?.requestSubmit();
  return (
    <form
      ref={ref}
      role="search"
      aria-label="Filter payments"
      className="grid grid-cols-2 gap-3 rounded-lg border border-border bg-background p-3 lg:grid-cols-4 xl:grid-cols-8"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const value = (name: string) => String(data.get(name) ?? "").trim() || undefined;
        onApply({
          q: value("q"),
          status: value("status") as Filters["status"],
          refund: value("refund") as Filters["refund"],
          exception: value("exception") as Filters["exception"],
          merchantId: value("merchantId"),
          from: value("from"),
          to: value("to"),
        });
      }}
    >
      <div className="col-span-2 space-y-1">
        <Label htmlFor="payments-search">Search</Label>
        <div className="flex gap-2">
          <Input
            id="payments-search"
            name="q"
            type="search"
            defaultValue={filters.q}
            placeholder="Id, reference, amount, merchant, buyer email, tx hash or payer"
            spellCheck={false}
          />
          <Button type="submit" variant="outline">
            Search
          </Button>
        </div>
      </div>
      <div className="col-span-2 space-y-1 sm:col-span-1">
        <Label htmlFor="payments-status">Status</Label>
        <Select id="payments-status" name="status" defaultValue={filters.status ?? ""} onChange={apply}>
          <option value="">Any status</option>
          {paymentStatuses.map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
        </Select>
      </div>
      <div className="col-span-2 space-y-1 sm:col-span-1">
        <Label htmlFor="payments-refund">Refunds</Label>
        <Select id="payments-refund" name="refund" defaultValue={filters.refund ?? ""} onChange={apply}>
          <option value="">Any</option>
          <option value="any">Any refund</option>
          {refundStates.map((s) => (
            <option key={s} value={s}>
              {refundLabels[s]}
            </option>
          ))}
        </Select>
      </div>
      <div className="col-span-2 space-y-1 sm:col-span-1">
        <Label htmlFor="payments-exception">Exceptions</Label>
        <Select
          id="payments-exception"
          name="exception"
          defaultValue={filters.exception ?? ""}
          onChange={apply}
        >
          <option value="">Any</option>
          <option value="open">Open exceptions</option>
          <option value="any">Any exception</option>
          {exceptionTypes.map((t) => (
            <option key={t} value={t}>
              {exceptionLabels[t]}
            </option>
          ))}
        </Select>
      </div>
      <div className="col-span-2 space-y-1 sm:col-span-1">
        <Label htmlFor="payments-merchant">Merchant</Label>
        <Select
          id="payments-merchant"
          name="merchantId"
          defaultValue={filters.merchantId ?? ""}
          onChange={apply}
        >
          <option value="">Any merchant</option>
          {merchants.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1">
        <Label htmlFor="payments-from">From (UTC)</Label>
        <Input id="payments-from" name="from" type="date" defaultValue={filters.from} onChange={apply} />
      </div>
      <div className="space-y-1">
        <Label htmlFor="payments-to">To (UTC)</Label>
        <Input id="payments-to" name="to" type="date" defaultValue={filters.to} onChange={apply} />
      </div>
    </form>
  );
}
