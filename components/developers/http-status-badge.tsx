import { Badge } from "@/components/ui/badge";

/** An HTTP status, coloured by class so failures stand out in a long list. */
export function HttpStatusBadge({ status }: { status: number }) {
  const tone = status >= 500 ? "danger" : status >= 400 ? "warning" : "success";
  return (
    <Badge tone={tone} className="tabular-nums" data-testid="http-status">
      {status}
    </Badge>
  );
}
