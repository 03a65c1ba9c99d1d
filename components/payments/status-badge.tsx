import { Badge } from "@/components/ui/badge";
import type { PaymentStatus } from "@/lib/core/db";
import type { ExceptionType, RefundState } from "@/lib/domain/schemas/payment";

const tones = {
  requires_action: "warning",
  processing: "info",
  succeeded: "success",
  failed: "danger",
  cancelled: "neutral",
  expired: "neutral",
} as const satisfies Record<PaymentStatus, string>;

export const statusLabels: Record<PaymentStatus, string> = {
  requires_action: "Awaiting payment",
  processing: "Processing",
  succeeded: "Succeeded",
  failed: "Failed",
  cancelled: "Cancelled",
  expired: "Expired",
};

export function StatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge tone={tones[status]} data-status={status} className="whitespace-nowrap">
      {statusLabels[status]}
    </Badge>
  );
}

export const refundLabels: Record<RefundState, string> = {
  partially_refunded: "Partially refunded",
  refunded: "Refunded",
};

/** Shown beside a succeeded payment's status once some of it was given back. */
export function RefundBadge({ state }: { state: RefundState | null }) {
  if (!state) return null;
  return (
    <Badge
      tone={state === "refunded" ? "neutral" : "warning"}
      data-refund-state={state}
      className="whitespace-nowrap"
    >
      {refundLabels[state]}
    </Badge>
  );
}

export const exceptionLabels: Record<ExceptionType, string> = {
  underpaid: "Underpaid",
  overpaid: "Overpaid",
  paid_late: "Paid late",
  wrong_asset: "Wrong token",
};

/** How the buyer paid wrongly; muted once support has resolved it. */
export function ExceptionBadge({ type, resolved }: { type: ExceptionType | null; resolved?: boolean }) {
  if (!type) return null;
  return (
    <Badge
      tone={resolved ? "neutral" : "danger"}
      data-exception={type}
      data-resolved={resolved ? "true" : "false"}
      className="whitespace-nowrap"
    >
      {exceptionLabels[type]}
      {resolved ? " · resolved" : ""}
    </Badge>
  );
}
