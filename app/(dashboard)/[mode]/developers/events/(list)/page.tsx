import type { Metadata } from "next";
import Link from "next/link";
import { NoAccess } from "@/components/dashboard/no-access";
import { FilterSelect } from "@/components/developers/filter-select";
import { JsonBlock } from "@/components/developers/json-block";
import { DateTime } from "@/components/payments/date-time";
import { CursorPager } from "@/components/ui/cursor-pager";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterForm } from "@/components/ui/filter-form";
import { PageHeader } from "@/components/ui/page-header";
import { dashboardPage } from "@/lib/domain/auth/dashboard-page";
import { db } from "@/lib/core/db";
import { listEvents } from "@/lib/domain/events/list-events";
import { decodeCursor } from "@/lib/core/db/pagination";
import { eventTypesListed } from "@/lib/domain/schemas/event";

export const metadata: Metadata = { title: "Events" };

const pageSize = 30;

export default async function EventsPage({
  params,
  searchParams,
}: {
  params: Promise<{ mode: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { viewer, mode, scope, allowed } = await dashboardPage(params);
  if (!allowed) return <NoAccess role={viewer.role} />;
  const search = await searchParams;
  const type = eventTypesListed.find((t) => t === search.type);
  const cursor = typeof search.cursor === "string" && decodeCursor(search.cursor) ? search.cursor : undefined;
  const page = await listEvents(db(), scope, { type, cursor, limit: pageSize });
  const href = (next: { cursor?: string }) =>
    `/${mode}/developers/events?${new URLSearchParams({ ...(type ? { type } : {}), ...next })}`;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Events"
        description={`What happened in ${mode} mode over the last 30 days, newest first, each with the body its webhooks carry. Also at GET /v1/events.`}
      />
      <FilterForm action={`/${mode}/developers/events`}>
        <FilterSelect
          id="type-filter"
          name="type"
          label="Type"
          allLabel="All types"
          value={type}
          options={eventTypesListed.map((t) => ({ value: t, label: t }))}
        />
      </FilterForm>
      {page.data.length === 0 ? (
        <EmptyState
          title={type ? `No ${type} events` : `No ${mode}-mode events yet`}
          description={
            type
              ? "Try all types."
              : "Creating a payment, a refund or a settlement change records an event here."
          }
        />
      ) : (
        <ul
          className="divide-y divide-border rounded-lg border border-border bg-background"
          aria-label="Events"
        >
          {page.data.map((event) => (
            <li
              key={event.id}
              className="space-y-2 px-3 py-3"
              data-testid="event-row"
              data-event-id={event.id}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <Link
                  href={`/${mode}/developers/events/${event.id}`}
                  className="font-mono text-sm font-medium hover:underline"
                >
                  {event.type}
                </Link>
                <span className="text-xs text-muted-foreground">
                  <DateTime value={event.createdAt} compact />
                </span>
              </div>
              <div className="break-all font-mono text-xs text-muted-foreground">{event.id}</div>
              <details>
                <summary className="cursor-pointer text-sm text-primary">Payload</summary>
                <div className="pt-2">
                  <JsonBlock value={event} label={`Payload of ${event.id}`} />
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
      <CursorPager
        label="Event pages"
        firstHref={cursor ? href({}) : null}
        nextHref={page.nextCursor ? href({ cursor: page.nextCursor }) : null}
        firstLabel="Newest"
        nextLabel="Older"
      />
    </div>
  );
}
