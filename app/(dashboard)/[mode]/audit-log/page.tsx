import type { Metadata } from "next";
import Link from "next/link";
import { NoAccess } from "@/components/dashboard/no-access";
import { FilterSelect } from "@/components/developers/filter-select";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterForm } from "@/components/ui/filter-form";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, Td, Tr } from "@/components/ui/table";
import {
  AuditLogQuerySchema,
  listAuditActions,
  listAuditLog,
  type AuditLogEntry,
} from "@/lib/domain/audit-log/list-audit-log";
import { dashboardPage } from "@/lib/domain/auth/dashboard-page";
import { db } from "@/lib/core/db";
import { DateTime } from "@/components/payments/date-time";

export const metadata: Metadata = { title: "Audit log" };

const pageSize = 50;

export default async function AuditLogPage({
  params,
  searchParams,
}: {
  params: Promise<{ mode: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { viewer, mode, scope, allowed } = await dashboardPage(params, "audit.read");
  if (!allowed) return <NoAccess role={viewer.role} />;
  const query = AuditLogQuerySchema.parse(await searchParams);
  const page = await listAuditLog(db(), scope, { ...query, limit: pageSize });
  const actions = await listAuditActions(db(), scope.accountId);
  const href = (next: { cursor?: string }) =>
    `/${mode}/audit-log?${new URLSearchParams({ ...(query.action ? { action: query.action } : {}), ...next })}`;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Audit log"
        description={`Who changed what in ${mode} mode, and account-wide changes such as the team. Newest first; times in your time zone (hover one for UTC).`}
      />
      <FilterForm action={`/${mode}/audit-log`}>
        <FilterSelect
          id="action-filter"
          name="action"
          label="Action"
          allLabel="All actions"
          value={query.action}
          options={actions.map((action) => ({ value: action, label: action }))}
          className="w-64 max-w-full"
        />
      </FilterForm>
      {page.data.length === 0 ? (
        <EmptyState
          title={query.action ? `No “${query.action}” entries` : "Nothing recorded yet"}
          description="Changes to keys, merchants, settlements, payments and the team appear here."
        />
      ) : (
        <Table
          columns={[
            { label: "When", hideBelow: "md" },
            { label: "Who", hideBelow: "md" },
            "What",
            { label: "Target", hideBelow: "md" },
          ]}
        >
          <TBody>
            {page.data.map((entry) => (
              <Tr key={entry.id} data-testid="audit-entry">
                <Td className="hidden whitespace-nowrap align-top text-muted-foreground md:table-cell">
                  <DateTime value={entry.createdAt} />
                </Td>
                <Td className="hidden align-top md:table-cell">{entry.actor.label}</Td>
                <Td className="align-top">
                  <div className="mb-1 break-all text-xs text-muted-foreground md:hidden">
                    <DateTime value={entry.createdAt} /> ·{" "}
                    <span className="text-foreground">{entry.actor.label}</span>
                  </div>
                  <code className="font-mono text-xs">{entry.action}</code>
                  {entry.mode === null ? (
                    <Badge className="ml-2" tone="neutral">
                      account
                    </Badge>
                  ) : null}
                  <Details entry={entry} />
                  {entry.target ? (
                    <div className="font-mono text-xs text-muted-foreground md:hidden">{entry.target.id}</div>
                  ) : null}
                </Td>
                <Td className="hidden align-top md:table-cell">
                  {entry.target ? (
                    <div>
                      <span className="text-xs text-muted-foreground">
                        {entry.target.type.replace(/_/g, " ")}
                      </span>
                      <div className="break-all font-mono text-xs">{entry.target.id}</div>
                    </div>
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      <nav aria-label="Pages" className="flex justify-between gap-2">
        {query.cursor ? (
          <Link href={href({})} className={buttonVariants({ variant: "outline", size: "sm" })}>
            ← Newest
          </Link>
        ) : (
          <span />
        )}
        {page.nextCursor ? (
          <Link
            href={href({ cursor: page.nextCursor })}
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            Older →
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

/** The entry's recorded details as `key: value` pairs, e.g. `email: ana@example.com · role: admin`. */
function Details({ entry }: { entry: AuditLogEntry }) {
  const pairs = Object.entries(entry.data).filter(
    ([, value]) => value !== null && value !== undefined && typeof value !== "object",
  );
  if (pairs.length === 0) return null;
  return (
    <div className="mt-0.5 break-all text-xs text-muted-foreground">
      {pairs.map(([key, value]) => `${key}: ${String(value)}`).join(" · ")}
    </div>
  );
}
