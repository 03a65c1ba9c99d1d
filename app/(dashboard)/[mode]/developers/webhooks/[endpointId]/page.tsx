import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { NoAccess } from "@/components/dashboard/no-access";
import { DateTime } from "@/components/payments/date-time";
import { CursorPager } from "@/components/ui/cursor-pager";
import { SectionCard } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { DeliveryLog } from "@/components/webhooks/delivery-log";
import { EndpointStatus } from "@/components/webhooks/endpoint-status";
import { LoopbackNote } from "@/components/webhooks/loopback-note";
import { dashboardPage } from "@/lib/domain/auth/dashboard-page";
import { can } from "@/lib/domain/permissions/permissions";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { formatDateTime } from "@/components/ui/format-date";
import { decodeCursor } from "@/lib/core/db/pagination";
import { loopbackDelivery } from "@/lib/domain/webhooks/endpoint-url";
import { getWebhookEndpoint } from "@/lib/domain/webhooks/get-endpoint";
import { listDeliveries } from "@/lib/domain/webhooks/list-deliveries";
import { serializeEndpoint } from "@/lib/domain/webhooks/serialize";
import { EditEndpointForm } from "./edit-endpoint-form";
import {
  DeleteEndpointButton,
  RedeliverButton,
  RotateSecretButton,
  SendTestEventButton,
} from "./endpoint-controls";
import { RedeliverFailedButton } from "./redeliver-failed-button";

export const metadata: Metadata = { title: "Webhook endpoint" };

const deliveriesPerPage = 20;

export default async function WebhookEndpointPage({
  params,
  searchParams,
}: {
  params: Promise<{ mode: string; endpointId: string }>;
  searchParams: Promise<{ cursor?: string | string[] }>;
}) {
  const { viewer, mode, scope, allowed } = await dashboardPage(params);
  if (!allowed) return <NoAccess role={viewer.role} />;
  const { endpointId } = await params;
  const endpoint = serializeEndpoint(
    await getWebhookEndpoint(db(), scope, endpointId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "not_found") notFound();
      throw error;
    }),
  );
  const { cursor } = await searchParams;
  // A stale or hand-edited cursor shows the first page rather than an error.
  const validCursor = typeof cursor === "string" && decodeCursor(cursor) ? cursor : undefined;
  const deliveries = await listDeliveries(db(), scope, endpoint.id, {
    limit: deliveriesPerPage,
    cursor: validCursor,
  });
  const manage = can(viewer.role, "webhooks.manage");
  const pageHref = `/${mode}/developers/webhooks/${endpoint.id}`;

  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <Link href={`/${mode}/developers/webhooks`} className="text-sm text-muted-foreground hover:underline">
          ← Webhooks
        </Link>
        <PageHeader
          title="Webhook endpoint"
          description={
            <span className="break-all font-mono" data-testid="endpoint-url">
              {endpoint.url}
            </span>
          }
          actions={
            manage ? (
              <>
                <SendTestEventButton mode={mode} endpointId={endpoint.id} disabled={!endpoint.enabled} />
                <RotateSecretButton mode={mode} endpointId={endpoint.id} />
                <DeleteEndpointButton mode={mode} endpoint={{ id: endpoint.id, url: endpoint.url }} />
              </>
            ) : null
          }
        />
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <EndpointStatus endpoint={endpoint} />
          <span>
            Created <DateTime value={endpoint.createdAt} />
          </span>
          <span className="font-mono text-xs">{endpoint.id}</span>
        </div>
      </div>

      <LoopbackNote delivery={loopbackDelivery(endpoint.url)} url={endpoint.url} />

      {endpoint.disabledAt ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          Tollgate disabled this endpoint on {formatDateTime(endpoint.disabledAt)} because every delivery to
          it failed for 3 days. No events are sent to it while it is disabled. Fix the receiver, enable the
          endpoint again{manage ? " below" : " (an owner, admin or developer can)"}, then redeliver what it
          missed.
        </p>
      ) : null}

      <SectionCard title="Settings">
        {manage ? (
          <EditEndpointForm
            mode={mode}
            endpoint={{
              id: endpoint.id,
              url: endpoint.url,
              events: endpoint.events,
              enabled: endpoint.enabled,
            }}
          />
        ) : (
          <dl className="grid gap-3 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="text-muted-foreground">URL</dt>
            <dd className="break-all font-mono text-xs">{endpoint.url}</dd>
            <dt className="text-muted-foreground">Events</dt>
            <dd className="font-mono text-xs">
              {endpoint.events.includes("*") ? "All events" : endpoint.events.join(", ")}
            </dd>
            <dt className="text-muted-foreground">Enabled</dt>
            <dd>{endpoint.enabled ? "Yes" : "No"}</dd>
          </dl>
        )}
      </SectionCard>

      <section aria-labelledby="deliveries-heading" className="space-y-3">
        <h2 id="deliveries-heading" className="text-lg font-semibold">
          Delivery log
        </h2>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">
            Newest first. Each row is one event sent to this endpoint, as its last attempt left it.
          </p>
          {manage ? (
            <RedeliverFailedButton mode={mode} endpointId={endpoint.id} disabled={!endpoint.enabled} />
          ) : null}
        </div>
        {deliveries.data.length === 0 && !validCursor ? (
          <EmptyState
            title="Nothing delivered yet"
            description={
              manage
                ? "Send a test event to check the endpoint receives and verifies it."
                : "Events appear here once they are sent to this endpoint."
            }
          />
        ) : (
          <DeliveryLog
            deliveries={deliveries.data}
            redeliver={
              manage && endpoint.enabled
                ? (delivery) => <RedeliverButton mode={mode} endpointId={endpoint.id} delivery={delivery} />
                : null
            }
          />
        )}
        <CursorPager
          label="Delivery pages"
          firstHref={validCursor ? pageHref : null}
          nextHref={deliveries.nextCursor ? `${pageHref}?cursor=${deliveries.nextCursor}` : null}
          firstLabel="Newest"
          nextLabel="Older"
        />
      </section>
    </div>
  );
}
