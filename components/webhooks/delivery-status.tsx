import { Badge } from "@/components/ui/badge";
import type { WebhookDeliveryJson } from "@/lib/domain/schemas/webhook";

/** A delivery's state as its last attempt left it. */
export function DeliveryStatus({ delivery }: { delivery: Pick<WebhookDeliveryJson, "status" | "attempts"> }) {
  if (delivery.status === "succeeded") return <Badge tone="success">Delivered</Badge>;
  if (delivery.status === "failed") return <Badge tone="danger">Failed</Badge>;
  return delivery.attempts === 0 ? <Badge tone="info">Queued</Badge> : <Badge tone="warning">Retrying</Badge>;
}
