import { Badge } from "@/components/ui/badge";
import type { PaymentStatus } from "@/lib/db";

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
