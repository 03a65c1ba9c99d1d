import type { Metadata } from "next";
import Link from "next/link";
import { NoAccess } from "@/components/dashboard/no-access";
import { FilterSelect } from "@/components/developers/filter-select";
import { HttpStatusBadge } from "@/components/developers/http-status-badge";
import { DateTime } from "@/components/payments/date-time";
import { CursorPager } from "@/components/ui/cursor-pager";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterForm } from "@/components/ui/filter-form";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, Td, Tr } from "@/components/ui/table";
import { listApiKeys } from "@/lib/domain/api-keys/list-api-keys";
import { dashboardPage } from "@/lib/domain/auth/dashboard-page";
import { db } from "@/lib/core/db";
import { decodeCursor } from "@/lib/core/db/pagination";
import { listRequests } from "@/lib/domain/request-log/list-requests";
import { statusClasses, type StatusClass } from "@/lib/domain/schemas/request-log";

export const metadata: Metadata = { title: "Request log" };

const pageSize = 50;

const statusLabels: Record<StatusClass, string> = {
  "2xx": "Succeeded (2xx)",
  "4xx": "Failed (4xx)",
  "5xx": "Errors (5xx)",
};

type Search = Record<string, string | string[] | undefined>;

export default async function RequestLogPage({
  params,
  searchParams,
}: {
  params: Promise<{ mode: string }>;
  searchParams: Promise<Search>;
}) {
  const { viewer, mode, scope, allowed } = await dashboardPage(params);
  if (!allowed) return <NoAccess role={viewer.role} />;
  const search = await searchParams;
  // A hand-edited or stale query string shows the unfiltered first page rather than an error.
  const status = statusClasses.find((c) => c === search.status) as StatusClass | undefined;
  const keys = await listApiKeys(db(), scope);
  const apiKeyId = keys.find((k) => k.id === search.key)?.id;
  const cursor = typeof search.cursor === "string" && decodeCursor(search.cursor) ? search.cursor : undefined;
  const page = await listRequests(db(), scope, { status, apiKeyId, cursor, limit: pageSize });
  const keyNames = new Map(keys.map((k) => [k.id, k.name]));
  const filtered = !!(status || apiKeyId);
  const href = (next: { cursor?: string }) =>
    `/${mode}/developers/requests?${new URLSearchParams({ ...(status ? { status } : {}), ...(apiKeyId ? { key: apiKeyId } : {}), ...next })}`;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Request log"
        description={`Every ${mode}-mode /v1 request of the last 30 days made with one of your keys or App-Ids, newest first. Secrets in request bodies are redacted.`}
      />
      <FilterForm action={`/${mode}/developers/requests`}>
        <FilterSelect
          id="status-filter"
          name="status"
          label="Status"
          allLabel="All statuses"
          value={status}
          options={statusClasses.map((c) => ({ value: c, label: statusLabels[c] }))}
          className="w-40"
        />
        <FilterSelect
          id="key-filter"
          name="key"
          label="API key"
          allLabel="All keys and apps"
          value={apiKeyId}
          options={keys.map((k) => ({ value: k.id, label: `${k.name} (${k.masked})` }))}
          className="w-64 max-w-full"
        />
      </FilterForm>
      {page.data.length === 0 ? (
        <EmptyState
          title={filtered ? "No requests match these filters" : `No ${mode}-mode API requests yet`}
          description={
            filtered
              ? "Try all statuses or all keys."
              : "Requests made with your API keys appear here within a second or two."
          }
        />
      ) : (
        <Table
          aria-label="API requests"
          columns={[
            "Status",
            "Request",
            { label: "Key", hideBelow: "md" },
            { label: "Duration", hideBelow: "sm" },
            { label: "When", hideBelow: "md" },
          ]}
        >
          <TBody>
            {page.data.map((r) => (
              <Tr key={r.id} data-testid="request-row" data-request-id={r.id}>
                <Td className="align-top">
                  <HttpStatusBadge status={r.status} />
                </Td>
                <Td className="align-top">
                  <Link
                    href={`/${mode}/developers/requests/${r.id}`}
                    className="break-all font-mono text-xs hover:underline"
                  >
                    <span className="font-semibold">{r.method}</span> {r.path}
                  </Link>
                  <div className="text-xs text-muted-foreground md:hidden">
                    <DateTime value={r.createdAt} compact />
                  </div>
                </Td>
                <Td className="hidden align-top text-xs md:table-cell">
                  {r.apiKeyId ? (keyNames.get(r.apiKeyId) ?? r.apiKeyId) : r.appId}
                </Td>
                <Td className="hidden align-top tabular-nums text-muted-foreground sm:table-cell">
                  {r.durationMs} ms
                </Td>
                <Td className="hidden align-top text-muted-foreground md:table-cell">
                  <DateTime value={r.createdAt} compact />
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      <CursorPager
        label="Request pages"
        firstHref={cursor ? href({}) : null}
        nextHref={page.nextCursor ? href({ cursor: page.nextCursor }) : null}
        firstLabel="Newest"
        nextLabel="Older"
      />
    </div>
  );
}
