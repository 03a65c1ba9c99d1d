import type { Metadata } from "next";
import Link from "next/link";
import { NoAccess } from "@/components/dashboard/no-access";
import { NewMerchantButton } from "@/components/merchants/new-merchant-button";
import { DateTime } from "@/components/payments/date-time";
import { CursorPager } from "@/components/ui/cursor-pager";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, Td, Tr } from "@/components/ui/table";
import { dashboardPage } from "@/lib/domain/auth/dashboard-page";
import { can } from "@/lib/domain/permissions/permissions";
import { db } from "@/lib/core/db";
import { decodeCursor } from "@/lib/core/db/pagination";
import { listMerchants } from "@/lib/domain/merchants/list-merchants";
import { countSettlements } from "@/lib/domain/settlements/count-settlements";

export const metadata: Metadata = { title: "Merchants" };

export default async function MerchantsPage({
  params,
  searchParams,
}: {
  params: Promise<{ mode: string }>;
  searchParams: Promise<{ cursor?: string | string[] }>;
}) {
  const { viewer, mode, scope, allowed } = await dashboardPage(params);
  if (!allowed) return <NoAccess role={viewer.role} />;
  const { cursor } = await searchParams;
  // A stale or hand-edited cursor shows the first page rather than an error.
  const validCursor = typeof cursor === "string" && decodeCursor(cursor) ? cursor : undefined;
  const page = await listMerchants(db(), scope, { limit: 50, cursor: validCursor });
  const settlements = await countSettlements(
    db(),
    scope,
    page.data.map((m) => m.id),
  );
  const canWrite = can(viewer.role, "merchants.write");

  return (
    <div className="space-y-6">
      <PageHeader
        title="Merchants"
        description={`Each merchant receives payments and settles them to its own destinations. ${mode === "test" ? "Test" : "Live"} mode.`}
        actions={canWrite && page.data.length > 0 ? <NewMerchantButton mode={mode} /> : null}
      />
      {page.data.length === 0 && !validCursor ? (
        <EmptyState
          title={`No ${mode}-mode merchants yet`}
          description={
            canWrite
              ? "Create one to start accepting payments; then add where its money should go."
              : "Someone with the owner, admin or developer role can create one."
          }
          action={canWrite ? <NewMerchantButton mode={mode} label="Create your first merchant" /> : null}
        />
      ) : (
        <Table
          columns={[
            "Name",
            { label: "Email", hideBelow: "sm" },
            "Settlements",
            { label: "Created", hideBelow: "md" },
          ]}
        >
          <TBody>
            {page.data.map((m) => (
              <Tr key={m.id}>
                <Td>
                  <Link
                    href={`/${mode}/merchants/${m.id}`}
                    className="font-medium text-primary hover:underline"
                  >
                    {m.name}
                  </Link>
                  <div className="text-xs text-muted-foreground sm:hidden">{m.email}</div>
                </Td>
                <Td className="hidden sm:table-cell">{m.email}</Td>
                <Td data-testid="settlement-count">{settlements.get(m.id) ?? 0}</Td>
                <Td className="hidden text-muted-foreground md:table-cell">
                  <DateTime value={m.createdAt} />
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      <CursorPager
        firstHref={validCursor ? `/${mode}/merchants` : null}
        nextHref={page.nextCursor ? `/${mode}/merchants?cursor=${page.nextCursor}` : null}
      />
    </div>
  );
}
