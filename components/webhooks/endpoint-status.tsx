import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format-date";
import type { WebhookEndpointJson } from "@/lib/domain/schemas/webhook";

/** Enabled, disabled by someone, or disabled by Tollgate after 3 days of failed deliveries. */
export function EndpointStatus({
  endpoint,
}: {
  endpoint: Pick<WebhookEndpointJson, "enabled" | "disabledAt" | "failingSince">;
}) {
  if (endpoint.enabled) {
    return endpoint.failingSince ? (
      <Badge
        tone="warning"
        title={`Every delivery has failed since ${formatDateTime(endpoint.failingSince)}`}
      >
        Failing
      </Badge>
    ) : (
      <Badge tone="success">Enabled</Badge>
    );
  }
  return endpoint.disabledAt ? (
    <Badge tone="danger" title={`Disabled ${formatDateTime(endpoint.disabledAt)}`}>
      Disabled after failing
    </Badge>
  ) : (
    <Badge>Disabled</Badge>
  );
}
