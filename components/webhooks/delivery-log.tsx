import type { ReactNode } from "react";
import { DateTime } from "@/components/payments/date-time";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { WebhookDeliveryJson } from "@/lib/schemas/webhook";
import { DeliveryStatus } from "./delivery-status";
import { RefreshWhileDue } from "./refresh-while-due";

/** An endpoint's deliveries: what was sent, how the receiver answered, and what happens next. */
export function DeliveryLog({ deliveries, redeliver }: { deliveries: WebhookDeliveryJson[]; redeliver: ((delivery: WebhookDeliveryJson) => ReactNode) | null }) {
  // The page refreshes itself while an attempt is due soon, so a test event's outcome shows up unasked.
  const due = deliveries.flatMap((d) => (d.nextAttemptAt ? [Date.parse(d.nextAttemptAt)] : []));
  return (
    <>
      {due.length > 0 ? <RefreshWhileDue due={Math.min(...due)} /> : null}
      <Table aria-labelledby="deliveries-heading">
        <THead>
          <Tr>
            <Th>Event</Th>
            <Th>Status</Th>
            <Th>Response</Th>
            <Th className="hidden md:table-cell">Duration</Th>
            <Th>Attempts</Th>
            <Th className="hidden lg:table-cell">Next retry</Th>
            <Th className="hidden md:table-cell">Response body</Th>
            {redeliver ? <Th className="text-right">Actions</Th> : null}
          </Tr>
        </THead>
        <TBody>
          {deliveries.map((d) => (
            <Tr key={d.id} data-testid={`delivery-${d.id}`} data-event-id={d.eventId}>
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
              <Td className="hidden tabular-nums text-muted-foreground md:table-cell">{d.durationMs === null ? "—" : `${d.durationMs} ms`}</Td>
              <Td data-testid="attempts" className="tabular-nums">
                {d.attempts}
              </Td>
              <Td className="hidden text-muted-foreground lg:table-cell">{d.nextAttemptAt ? <DateTime value={d.nextAttemptAt} compact /> : "—"}</Td>
              <Td className="hidden max-w-xs md:table-cell">
                {d.error ? <div className="text-xs text-destructive">{d.error}</div> : null}
                {d.responseExcerpt ? (
                  <code className="block truncate text-xs text-muted-foreground" title={d.responseExcerpt} data-testid="response-excerpt">
                    {d.responseExcerpt}
                  </code>
                ) : null}
              </Td>
              {redeliver ? <Td className="text-right">{redeliver(d)}</Td> : null}
            </Tr>
          ))}
        </TBody>
      </Table>
    </>
  );
}
