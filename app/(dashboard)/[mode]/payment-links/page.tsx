import type { Metadata } from "next";
import { NoAccess } from "@/components/dashboard/no-access";
import { NewPaymentLinkButton } from "@/components/payment-links/new-payment-link-button";
import { PaymentLinkActions } from "@/components/payment-links/payment-link-actions";
import { DateTime } from "@/components/payments/date-time";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { CursorPager } from "@/components/ui/cursor-pager";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, Td, Tr } from "@/components/ui/table";
import { dashboardPage } from "@/lib/domain/auth/dashboard-page";
import { can } from "@/lib/domain/permissions/permissions";
import { db } from "@/lib/core/db";
import { listMerchants } from "@/lib/domain/merchants/list-merchants";
import { decodeCursor } from "@/lib/core/db/pagination";
import { countLinkPayments } from "@/lib/domain/payment-links/count-link-payments";
import { listPaymentLinks } from "@/lib/domain/payment-links/list-payment-links";
import { formatAmount } from "@/lib/core/money/format-amount";
import type { PaymentLinkJson } from "@/lib/domain/schemas/payment-link";

export const metadata: Metadata = { title: "Payment links" };
export const dynamic = "force-dynamic";

function amountOf(link: PaymentLinkJson): string {
  if (link.amountValue) return formatAmount(link.unit, link.amountValue);
  const min = link.minValue ? formatAmount(link.unit, link.minValue) : null;
  const max = link.maxValue ? formatAmount(link.unit, link.maxValue) : null;
  return `Buyer enters ${min ?? "any"}–${max ?? "any"}`;
}

export default async function PaymentLinksPage({
  params,
  searchParams,
}: {
  params: Promise<{ mode: string }>;
  searchParams: Promise<{ cursor?: string | string[] }>;
}) {
  const { viewer, mode, scope, allowed } = await dashboardPage(params, "payments.read");
  if (!allowed) return <NoAccess role={viewer.role} />;
  const { cursor } = await searchParams;
  // A stale or hand-edited cursor shows the first page rather than an error.
  const validCursor = typeof cursor === "string" && decodeCursor(cursor) ? cursor : undefined;
  const [page, merchants] = await Promise.all([
    listPaymentLinks(db(), scope, { limit: 50, cursor: validCursor }),
    listMerchants(db(), scope, { limit: 200 }),
  ]);
  const counts = await countLinkPayments(
    db(),
    scope,
    page.data.map((l) => l.id),
  );
  const merchantNames = new Map(merchants.data.map((m) => [m.id, m.name]));
  const canWrite = can(viewer.role, "payments.create");
  const merchantOptions = merchants.data.map((m) => ({ id: m.id, name: m.name }));

  return (
    <div className="space-y-6">
      <PageHeader
        title="Payment links"
        description={`Reusable ${mode}-mode links: share one on a page, in a mail or as a QR code; every buyer who continues gets a payment of their own.`}
        // Always in the header, even on the empty page: the dialog then outlives the refresh that replaces the empty state with the first link.
        actions={canWrite ? <NewPaymentLinkButton mode={mode} merchants={merchantOptions} /> : null}
      />
      {page.data.length === 0 && !validCursor ? (
        <EmptyState
          title={`No ${mode}-mode payment links yet`}
          description={
            canWrite
              ? "Take payments without writing code: a fixed price, or an amount the buyer enters within bounds. Start with New payment link above."
              : "Someone with the owner, admin, developer or support role can create one."
          }
        />
      ) : (
        <Table
          columns={[
            "Link",
            "Amount",
            { label: "Merchant", hideBelow: "md" },
            { label: "Payments", hideBelow: "sm" },
            { label: "Created", hideBelow: "lg" },
            { label: "Actions", align: "right", hideBelow: "sm", srOnly: true },
          ]}
        >
          <TBody>
            {page.data.map((link) => (
              <Tr key={link.id} data-testid="payment-link-row" data-link-id={link.id}>
                <Td>
                  <div className="flex items-center gap-2">
                    <span className="font-medium">{link.referencePrefix}</span>
                    {link.active ? <Badge tone="success">Active</Badge> : <Badge>Deactivated</Badge>}
                  </div>
                  <div className="flex items-center gap-2 pt-1">
                    <code
                      className="max-w-[9rem] truncate text-xs text-muted-foreground sm:max-w-[16rem]"
                      title={link.url}
                    >
                      {link.url}
                    </code>
                    <CopyButton value={link.url} label="Copy" />
                  </div>
                  {/* At phone width the buttons sit under the link rather than in a column of their own, so the table fits. */}
                  <div className="pt-2 sm:hidden">
                    <PaymentLinkActions mode={mode} link={link} canWrite={canWrite} />
                  </div>
                </Td>
                <Td>{amountOf(link)}</Td>
                <Td className="hidden md:table-cell">
                  {merchantNames.get(link.merchantId) ?? "Deleted merchant"}
                </Td>
                <Td className="hidden sm:table-cell" data-testid="link-payment-count">
                  {counts.get(link.id) ?? 0}
                </Td>
                <Td className="hidden text-muted-foreground lg:table-cell">
                  <DateTime value={link.createdAt} />
                </Td>
                <Td className="hidden text-right sm:table-cell">
                  <PaymentLinkActions mode={mode} link={link} canWrite={canWrite} />
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      <CursorPager
        firstHref={validCursor ? `/${mode}/payment-links` : null}
        nextHref={page.nextCursor ? `/${mode}/payment-links?cursor=${page.nextCursor}` : null}
      />
    </div>
  );
}
