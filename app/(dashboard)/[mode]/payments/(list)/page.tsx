import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { NoAccess } from "@/components/dashboard/no-access";
import { NewPaymentButton } from "@/components/payments/new-payment-button";
import { PaymentsTable } from "@/components/payments/payments-table";
import { buttonVariants } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { dashboardPage } from "@/lib/domain/auth/dashboard-page";
import { can } from "@/lib/domain/permissions/permissions";
import { dbRead } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { listMerchants } from "@/lib/domain/merchants/list-merchants";
import { formatAmount } from "@/lib/core/money/format-amount";
import { countPayments, findPayments } from "@/lib/domain/payments/list-payments";
import { shortAssetReference } from "@/lib/core/money/assets";
import { refundState } from "@/lib/domain/payments/refund-state";
import {
  parsePaymentsQuery,
  paymentsQueryString,
  paymentsSearch,
} from "@/lib/domain/payments/search-payments";

export const metadata: Metadata = { title: "Payments" };
export const dynamic = "force-dynamic";

export default async function PaymentsPage({
  params,
  searchParams,
}: {
  params: Promise<{ mode: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { viewer, mode, scope, allowed } = await dashboardPage(params, "payments.read");
  if (!allowed) return <NoAccess role={viewer.role} />;
  const query = parsePaymentsQuery(await searchParams);
  const { filter, view } = paymentsSearch(query);
  const [page, merchants, matches] = await Promise.all([
    findPayments(dbRead(), scope, filter, view).catch((error: unknown) => {
      // A stale or edited cursor: start the same view from its first page.
      if (error instanceof AppError && error.code === "params_validation")
        redirect(
          `/${mode}/payments${paymentsQueryString({ ...query, cursor: undefined, before: undefined })}`,
        );
      throw error;
    }),
    listMerchants(dbRead(), scope, { limit: 200 }),
    countPayments(dbRead(), scope, filter, view),
  ]);
  const exportHref = `/${mode}/payments/export${paymentsQueryString({ ...query, cursor: undefined, before: undefined })}`;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Payments"
        description={`${mode === "test" ? "Test" : "Live"}-mode payments, newest first. Filters, search and sort are kept in the address, so a link shows a colleague the same rows.`}
        actions={
          <>
            <Link href={`/${mode}/payments/lookup`} className={buttonVariants({ variant: "outline" })}>
              Find a transaction
            </Link>
            <Link href={`/${mode}/payments/unmatched`} className={buttonVariants({ variant: "outline" })}>
              Unmatched transfers
            </Link>
            <a href={exportHref} download className={buttonVariants({ variant: "outline" })}>
              Export CSV
            </a>
            {can(viewer.role, "payments.create") ? (
              <NewPaymentButton
                mode={mode}
                merchants={merchants.data.map((m) => ({ id: m.id, name: m.name }))}
              />
            ) : null}
          </>
        }
      />
      <PaymentsTable
        mode={mode}
        query={query}
        nextCursor={page.nextCursor}
        prevCursor={page.prevCursor}
        matches={matches}
        merchants={merchants.data.map((m) => ({ id: m.id, name: m.name }))}
        rows={page.rows.map((p) => ({
          id: p.id,
          createdAt: p.createdAt.toISOString(),
          status: p.status,
          merchantId: p.merchantId,
          merchantName: p.merchant.name,
          referenceId: p.referenceId,
          // Who paid, as support asks about them: the receipt's email, else the paying wallet.
          buyer: p.buyerEmail ?? (p.payerAddress ? shortAssetReference(p.payerAddress) : null),
          amount: formatAmount(p.amountUnit, p.amountValue.toFixed()),
          refundState: refundState(p),
          exception: p.exceptionType ? { type: p.exceptionType, resolved: !!p.exceptionResolution } : null,
        }))}
      />
    </div>
  );
}
