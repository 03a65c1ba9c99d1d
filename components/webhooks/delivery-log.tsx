import { Fragment, type ReactNode } from "react";
import { JsonBlock } from "@/components/developers/json-block";
import { DateTime } from "@/components/payments/date-time";
import { Table, TBody, Td, Tr } from "@/components/ui/table";
import type { WebhookDeliveryJson } from "@/lib/domain/schemas/webhook";
import { DeliveryStatus } from "./delivery-status";
import { RefreshWhileDue } from "./refresh-while-due";

/** An endpoint's deliveries: what was sent, how the receiver answered, and what happens next. */
export function DeliveryLog({
  deliveries,
  redeliver,
}: {
  deliveries: WebhookDeliveryJson[];
  redeliver: ((delivery: WebhookDeliveryJson) => ReactNode) | null;
}) {
  // The page refreshes itself while an attempt is due soon, so a test event's outcome shows up unasked.
  const due = deliveries.flatMap((d) => (d.nextAttemptAt ? [Date.parse(d.nextAttemptAt)] : []));
  const columns = redeliver ? 8 : 7;
  return (
    <>
      {due.length > 0 ? <RefreshWhileDue due={Math.min(...due)} /> : null}
      <Table
        aria-labelledby="deliveries-heading"
        columns={[
          "Event",
          "Status",
          "Response",
          { label: "Duration", hideBelow: "md" },
          "Attempts",
          { label: "Next retry", hideBelow: "lg" },
          { label: "Response body", hideBelow: "md" },
          redeliver ? { label: "Actions", align: "right" } : null,
        ]}
      >
        <TBody>
          {deliveries.map((d) => (
            <Fragment key={d.id}>
              <Tr data-testid={`delivery-${d.id}`} data-event-id={d.eventId} className="border-b-0">
                <Td>
                  <div className="font-mono text-xs font-medium">{d.eventType}</div>
                  <div className="text-xs text-muted-foreground">
                    <DateTime value={d.createdAt} compact />
                  </div>
                </Td>
                <Td>
                  <DeliveryStatus delivery={d} />
                </Td>
                <Td data-testid="response-status" className="tabular-nums">
                  {d.responseStatus ?? "—"}
                </Td>
                <Td className="hidden tabular-nums text-muted-foreground md:table-cell">
                  {d.durationMs === null ? "—" : `${d.durationMs} ms`}
                </Td>
                <Td data-testid="attempts" className="tabular-nums">
                  {d.attempts}
                </Td>
                <Td className="hidden text-muted-foreground lg:table-cell">
                  {d.nextAttemptAt ? <DateTime value={d.nextAttemptAt} compact /> : "—"}
                </Td>
                <Td className="hidden max-w-xs md:table-cell">
                  {d.error ? <div className="text-xs text-destructive">{d.error}</div> : null}
                  {d.responseExcerpt ? (
                    <code
                      className="block truncate text-xs text-muted-foreground"
                      title={d.responseExcerpt}
                      data-testid="response-excerpt"
                    >
                      {d.responseExcerpt}
                    </code>
                  ) : null}
                </Td>
                {redeliver ? (
                  // relative: the button's screen-reader text is absolutely placed, and would otherwise widen the page past the scrolled table.
                  <Td className="relative text-right">{redeliver(d)}</Td>
                ) : null}
              </Tr>
              <Tr data-testid={`delivery-bodies-${d.id}`}>
                <Td colSpan={columns} className="pt-0">
                  {/* On a phone the table scrolls sideways: the bodies stay in view, as wide as the screen. */}
                  <details className="sticky left-3 max-w-[calc(100vw-3.5rem)] md:static md:max-w-none">
                    <summary className="cursor-pointer text-xs text-primary">
                      Request and response bodies
                    </summary>
                    <div className="grid gap-3 pt-2 lg:grid-cols-2">
                      <div className="min-w-0 space-y-1">
                        <p className="text-xs font-medium">Request body (POSTed, signed)</p>
                        <JsonBlock value={d.requestBody} label="Request body" testId="request-body" />
                      </div>
                      <div className="min-w-0 space-y-1">
                        <p className="text-xs font-medium">
                          Response body{d.responseStatus !== null ? ` (HTTP ${d.responseStatus})` : ""}, first
                          4 KB
                        </p>
                        {d.responseExcerpt ? (
                          <JsonBlock value={d.responseExcerpt} label="Response body" testId="response-body" />
                        ) : (
                          <p className="text-xs text-muted-foreground">
                            {d.error ?? (d.attempts === 0 ? "Not sent yet." : "Empty.")}
                          </p>
                        )}
                      </div>
                    </div>
                  </details>
                </Td>
              </Tr>
            </Fragment>
          ))}
        </TBody>
      </Table>
    </>
  );
}
