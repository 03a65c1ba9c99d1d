import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { NoAccess } from "@/components/dashboard/no-access";
import { MerchantActions } from "@/components/merchants/merchant-actions";
import { DateTime } from "@/components/payments/date-time";
import { PaymentList } from "@/components/payments/payment-list";
import { CryptoSettlementsSection } from "@/components/settlements/crypto-settlements-section";
import { FiatSettlementsSection } from "@/components/settlements/fiat-settlements-section";
import { SectionCard } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { PageHeader } from "@/components/ui/page-header";
import { dashboardPage } from "@/lib/domain/auth/dashboard-page";
import { can } from "@/lib/domain/permissions/permissions";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { merchantCollectData } from "@/lib/domain/merchants/collect-data";
import { getMerchant } from "@/lib/domain/merchants/get-merchant";
import { formatAmount } from "@/lib/core/money/format-amount";
import { findPayments } from "@/lib/domain/payments/list-payments";
import { collectFields } from "@/lib/domain/schemas/collect-data";
import { listSettlements } from "@/lib/domain/settlements/list-settlements";
import { unverifiableReason } from "@/lib/domain/settlements/unverifiable-destinations";

export const metadata: Metadata = { title: "Merchant" };

export default async function MerchantPage({
  params,
}: {
  params: Promise<{ mode: string; merchantId: string }>;
}) {
  const { viewer, mode, scope, allowed } = await dashboardPage(params);
  if (!allowed) return <NoAccess role={viewer.role} />;
  const { merchantId } = await params;
  const merchant = await getMerchant(db(), scope, merchantId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });
  const canReadPayments = can(viewer.role, "payments.read");
  const collecting = merchantCollectData(merchant);
  const [settlements, recent] = await Promise.all([
    listSettlements(db(), scope, merchant.id),
    canReadPayments ? findPayments(db(), scope, { limit: 5, merchantId: [merchant.id] }) : null,
  ]);
  const crypto = settlements.crypto.map((s) => ({ ...s, unverifiable: unverifiableReason(mode, s.asset) }));
  const nonePayable = crypto.length > 0 && crypto.every((s) => s.unverifiable);

  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <Link href={`/${mode}/merchants`} className="text-sm text-muted-foreground hover:text-foreground">
          ← Merchants
        </Link>
        <PageHeader
          title={merchant.name}
          description={
            <>
              {merchant.email} · created <DateTime value={merchant.createdAt} />
            </>
          }
          actions={
            can(viewer.role, "merchants.write") ? (
              <MerchantActions
                mode={mode}
                merchantId={merchant.id}
                merchant={{
                  merchantName: merchant.name,
                  merchantEmail: merchant.email,
                  iconUrl: merchant.iconUrl,
                  accentColor: merchant.accentColor,
                  supportContact: merchant.supportContact,
                  underpaymentToleranceBps: merchant.underpaymentToleranceBps,
                  allowedReturnOrigins: merchant.allowedReturnOrigins,
                  collectData: merchantCollectData(merchant),
                }}
              />
            ) : null
          }
        />
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">Merchant id (the API&apos;s Merchant-Id header)</span>
          <code className="break-all rounded bg-muted px-1.5 py-0.5 text-xs">{merchant.id}</code>
          <CopyButton value={merchant.id} label="Copy id" />
        </div>
        <p className="break-words text-sm" data-testid="allowed-return-origins">
          <span className="text-muted-foreground">Allowed return URLs: </span>
          {merchant.allowedReturnOrigins.length
            ? merchant.allowedReturnOrigins.join(", ")
            : "none (a payment link's returnUrl is ignored)"}
        </p>
        <p className="break-words text-sm" data-testid="collect-data">
          <span className="text-muted-foreground">Buyer details collected: </span>
          {collecting
            ? `${collectFields
                .filter((f) => collecting.fields.includes(f.id))
                .map((f) => f.name)
                .join(
                  ", ",
                )}${collecting.minAmount ? ` (payments of ${formatAmount(collecting.minAmount.unit, collecting.minAmount.value)} or more)` : " (every payment)"}`
            : "none"}
        </p>
      </div>

      {nonePayable ? (
        <section
          role="alert"
          data-testid="unpayable-merchant"
          className="space-y-1 rounded-md border border-warning bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          <p className="font-medium">Buyers cannot pay this merchant.</p>
          <p>
            None of its crypto destinations is on a network this Tollgate can verify, so its checkout offers
            no way to pay. Add a destination on a verified network, or ask your operator to configure the
            network below.
          </p>
        </section>
      ) : null}
      <CryptoSettlementsSection
        mode={mode}
        merchantId={merchant.id}
        settlements={crypto}
        canWrite={can(viewer.role, "settlements.write")}
      />
      <FiatSettlementsSection
        mode={mode}
        merchantId={merchant.id}
        settlements={settlements.fiat}
        canWrite={can(viewer.role, "settlements.write")}
      />

      {recent ? (
        <SectionCard
          title="Recent payments"
          actions={
            <Link
              href={`/${mode}/payments?merchantId=${merchant.id}`}
              className="text-sm text-primary hover:underline"
            >
              All payments of this merchant →
            </Link>
          }
        >
          {recent.rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">No payments yet.</p>
          ) : (
            <PaymentList mode={mode} payments={recent.rows} context={(p) => p.referenceId} />
          )}
        </SectionCard>
      ) : null}
    </div>
  );
}
