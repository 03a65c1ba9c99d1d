import type { Metadata } from "next";
import Link from "next/link";
import { NoAccess } from "@/components/dashboard/no-access";
import { DateTime } from "@/components/payments/date-time";
import { CursorPager } from "@/components/ui/cursor-pager";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, Td, Tr } from "@/components/ui/table";
import { EndpointStatus } from "@/components/webhooks/endpoint-status";
import { LoopbackNote } from "@/components/webhooks/loopback-note";
import { dashboardPage } from "@/lib/domain/auth/dashboard-page";
import { can } from "@/lib/domain/permissions/permissions";
import { db } from "@/lib/core/db";
import { decodeCursor } from "@/lib/core/db/pagination";
import { loopbackDelivery } from "@/lib/domain/webhooks/endpoint-url";
import { listWebhookEndpoints } from "@/lib/domain/webhooks/list-endpoints";
import { AddEndpointButton } from "../add-endpoint-button";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage({
  params,
  searchParams,
}: {
  params: Promise<{ mode: string }>;
  searchParams: Promise<{ cursor?: string | string[] }>;
}) {
  const { viewer, mode, scope, allowed } = await dashboardPage(params);
  if (!allowed) return <NoAccess role={viewer.role} />;
  const manage = can(viewer.role, "webhooks.manage");
  const { cursor } = await searchParams;
  // A stale or hand-edited cursor shows the first page rather than an error.
  const validCursor = typeof cursor === "string" && decodeCursor(cursor) ? cursor : undefined;
  const page = await listWebhookEndpoints(db(), scope, { limit: 50, cursor: validCursor });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Webhooks"
        description={`Endpoints that receive ${mode}-mode events as signed POST requests, retried for 3 days until they answer 2xx.`}
        // Here even when empty: the dialog must outlive the empty state, which the first row replaces while the secret is still shown.
        actions={manage ? <AddEndpointButton mode={mode} /> : null}
      />
      {page.data.length === 0 && !validCursor ? (
        <EmptyState
          title={`No ${mode}-mode webhook endpoints yet`}
          description={
            manage
              ? "Add one to be told when payments, refunds and settlements change."
              : "Someone with the owner, admin or developer role can add one."
          }
        />
      ) : (
        <Table
          columns={[
            "URL",
            { label: "Events", hideBelow: "md" },
            "Status",
            { label: "Created", hideBelow: "md" },
          ]}
        >
          <TBody>
            {page.data.map((endpoint) => (
              <Tr key={endpoint.id} data-testid={`webhook-endpoint-${endpoint.id}`}>
                <Td className="max-w-0 md:max-w-md">
                  <Link
                    href={`/${mode}/developers/webhooks/${endpoint.id}`}
                    className="block truncate font-mono text-xs text-primary hover:underline"
                    title={endpoint.url}
                  >
                    {endpoint.url}
                  </Link>
                  <LoopbackNote delivery={loopbackDelivery(endpoint.url)} url={endpoint.url} short />
                  {endpoint.description ? (
                    <div className="truncate text-xs text-muted-foreground">{endpoint.description}</div>
                  ) : null}
                </Td>
                <Td className="hidden text-xs md:table-cell">
                  {endpoint.events.includes("*") ? "All events" : endpoint.events.join(", ")}
                </Td>
                <Td>
                  <EndpointStatus endpoint={endpoint} />
                </Td>
                <Td className="hidden text-muted-foreground md:table-cell">
                  <DateTime value={endpoint.createdAt} />
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      <CursorPager
        firstHref={validCursor ? `/${mode}/developers/webhooks` : null}
        nextHref={page.nextCursor ? `/${mode}/developers/webhooks?cursor=${page.nextCursor}` : null}
      />
    </div>
  );
}
