import type { Metadata } from "next";
import Link from "next/link";
import { NoAccess } from "@/components/dashboard/no-access";
import { DateTime } from "@/components/payments/date-time";
import { UnmatchedTransferActions } from "@/components/payments/unmatched-transfer-actions";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { networkName } from "@/lib/core/money/assets";
import { dashboardPage } from "@/lib/domain/auth/dashboard-page";
import { can } from "@/lib/domain/permissions/permissions";
import { explorerTxUrl } from "@/lib/core/chain/chains";
import { cn } from "@/components/ui/cn";
import { formatAssetAmount } from "@/lib/core/money/format-amount";
import { unmatchedTransferStatuses } from "@/lib/domain/schemas/unmatched-transfer";
import {
  listUnmatchedTransfers,
  type UnmatchedTransferRow,
} from "@/lib/domain/unmatched-transfers/list-unmatched-transfers";

export const metadata: Metadata = { title: "Unmatched transfers" };
export const dynamic = "force-dynamic";

const tabs = { open: "Inbox", attached: "Attached", dismissed: "Dismissed" } as const;

/** Money that reached a merchant's wallet and paid nothing, for support to attach or dismiss. */
export default async function UnmatchedTransfersPage({
  params,
  searchParams,
}: {
  params: Promise<{ mode: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { viewer, mode, scope, allowed } = await dashboardPage(params, "payments.read");
  if (!allowed) return <NoAccess role={viewer.role} />;
  const raw = (await searchParams).status;
  const status = unmatchedTransferStatuses.find((s) => s === raw) ?? "open";
  const header = (
    <>
      <Link href={`/${mode}/payments`} className="text-sm text-muted-foreground hover:text-foreground">
        ← Payments
      </Link>
      <PageHeader
        title="Unmatched transfers"
        description="Transfers that reached one of your merchants' settlement wallets and paid no payment: nothing was open there, or verification refused them (short, late, wrong token). Attach one to the payment it was meant for, or dismiss it with a note."
      />
    </>
  );
  if (mode === "test") {
    return (
      <div className="space-y-6">
        {header}
        <EmptyState
          title="No chain in test mode"
          description={
            <>
              Test payments are simulated, so no money can arrive unmatched. The simulator&apos;s wrong
              payments (underpaid, overpaid, paid late, wrong token) are exceptions on their payments instead;
              switch to live mode to see real transfers.
            </>
          }
          action={
            <Link href={`/${mode}/payments?exception=open`} className="text-sm text-primary hover:underline">
              Test payments with an open exception →
            </Link>
          }
        />
      </div>
    );
  }
  const rows = await listUnmatchedTransfers(scope, status);
  const canAct = can(viewer.role, "payments.verify");

  return (
    <div className="space-y-6">
      {header}
      <nav className="flex gap-1 border-b border-border text-sm" aria-label="Unmatched transfers">
        {unmatchedTransferStatuses.map((s) => (
          <Link
            key={s}
            href={`/${mode}/payments/unmatched${s === "open" ? "" : `?status=${s}`}`}
            aria-current={s === status ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-3 py-2",
              s === status
                ? "border-primary font-medium"
                : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {tabs[s]}
          </Link>
        ))}
      </nav>
      {rows.length === 0 ? (
        <EmptyState
          title={status === "open" ? "Nothing unmatched" : `No ${tabs[status].toLowerCase()} transfers`}
          description={
            status === "open"
              ? "Every transfer the watcher saw reach your merchants' wallets paid a payment or refund. New ones appear here once they have the network's confirmations."
              : undefined
          }
        />
      ) : (
        <ul className="space-y-3" aria-label="Transfers">
          {rows.map((t) => (
            <li key={t.id}>
              <TransferCard mode={mode} transfer={t} canAct={canAct && status === "open"} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function TransferCard({
  mode,
  transfer: t,
  canAct,
}: {
  mode: "test" | "live";
  transfer: UnmatchedTransferRow;
  canAct: boolean;
}) {
  const amount = formatAssetAmount(t.asset, t.value.toFixed());
  const explorer = explorerTxUrl(t.chainId, t.txHash);
  return (
    <Card data-testid="unmatched-transfer" data-tx={t.txHash}>
      <CardContent className="space-y-3 pt-6 text-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="min-w-0 break-all text-base font-semibold">
            {amount} <span className="font-normal text-muted-foreground">on {networkName(t.chainId)}</span>
          </p>
          <span className="text-muted-foreground">
            <DateTime value={t.blockTime} /> · block {t.blockNumber.toString()}
          </span>
        </div>
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
          <dt className="text-muted-foreground">From</dt>
          <dd className="min-w-0 break-all font-mono text-xs">{t.fromAddress}</dd>
          <dt className="text-muted-foreground">To</dt>
          <dd className="min-w-0 break-all font-mono text-xs">{t.toAddress}</dd>
          <dt className="text-muted-foreground">Transaction</dt>
          <dd className="min-w-0 break-all font-mono text-xs">
            {explorer ? (
              <a href={explorer} target="_blank" rel="noreferrer" className="text-primary hover:underline">
                {t.txHash}
              </a>
            ) : (
              t.txHash
            )}
          </dd>
          {t.refusedByPaymentId ? (
            <>
              <dt className="text-muted-foreground">Refused by</dt>
              <dd>
                <Link
                  href={`/${mode}/payments/${t.refusedByPaymentId}`}
                  className="font-mono text-xs text-primary hover:underline"
                >
                  {t.refusedByPaymentId}
                </Link>{" "}
                <span className="text-muted-foreground">(its timeline says why)</span>
              </dd>
            </>
          ) : null}
          {t.paymentId ? (
            <>
              <dt className="text-muted-foreground">Attached to</dt>
              <dd>
                <Link
                  href={`/${mode}/payments/${t.paymentId}`}
                  className="font-mono text-xs text-primary hover:underline"
                >
                  {t.paymentId}
                </Link>
              </dd>
            </>
          ) : null}
          {t.note ? (
            <>
              <dt className="text-muted-foreground">Note</dt>
              <dd className="break-words">{t.note}</dd>
            </>
          ) : null}
          {t.resolvedAt ? (
            <>
              <dt className="text-muted-foreground">{t.status === "dismissed" ? "Dismissed" : "Attached"}</dt>
              <dd className="break-all" data-testid="unmatched-resolved">
                by {t.resolvedByName} · <DateTime value={t.resolvedAt} />
              </dd>
            </>
          ) : null}
        </dl>
        {canAct ? (
          <UnmatchedTransferActions
            mode={mode}
            transferId={t.id}
            amount={amount}
            candidates={t.candidates}
            likely={t.likely}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
