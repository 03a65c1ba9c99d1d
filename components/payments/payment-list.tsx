import Link from "next/link";
import type { ReactNode } from "react";
import type { PaymentStatus } from "@/lib/core/db";
import { formatAmount } from "@/lib/core/money/format-amount";
import { refundState } from "@/lib/domain/payments/refund-state";
import { DateTime } from "./date-time";
import { RefundBadge, StatusBadge } from "./status-badge";

type ListedPayment = {
  id: string;
  amountUnit: string;
  amountValue: { toFixed(): string };
  refundedValue: { toFixed(): string };
  status: PaymentStatus;
  createdAt: Date;
};

/** Payments as short rows: the amount (linking to the payment), one line of context, its status and when it was created. */
export function PaymentList<P extends ListedPayment>({
  mode,
  payments,
  context,
  rowTestId,
}: {
  mode: string;
  payments: P[];
  context: (payment: P) => ReactNode;
  rowTestId?: string;
}) {
  return (
    <ul className="divide-y divide-border">
      {payments.map((p) => (
        <li
          key={p.id}
          data-testid={rowTestId}
          className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
        >
          {/* An amount in a unit without a known asset is long (`2500000 eip155:8453/erc20:0x…`): it breaks rather than widen a phone's page. */}
          <Link
            href={`/${mode}/payments/${p.id}`}
            className="min-w-0 break-all font-medium text-primary hover:underline"
          >
            {formatAmount(p.amountUnit, p.amountValue.toFixed())}
          </Link>
          <span className="min-w-0 truncate text-muted-foreground">{context(p)}</span>
          <span className="flex gap-1">
            <StatusBadge status={p.status} />
            <RefundBadge state={refundState(p)} />
          </span>
          <span className="text-muted-foreground">
            <DateTime value={p.createdAt} />
          </span>
        </li>
      ))}
    </ul>
  );
}
