import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import type { ReactNode } from "react";
import { NoAccess } from "@/components/dashboard/no-access";
import { modeSwitchedParam } from "@/components/dashboard/mode-switch";
import { OtherModePayment } from "@/components/payments/other-mode-payment";
import { paymentInOtherMode } from "@/lib/domain/payments/payment-mode";
import { AttachTransactionForm } from "@/components/payments/attach-transaction-form";
import { CancelPaymentButton } from "@/components/payments/cancel-payment-button";
import { DateTime } from "@/components/payments/date-time";
import { RefundButton } from "@/components/payments/refund-button";
import { ExceptionActions } from "@/components/payments/exception-actions";
import {
  ExceptionBadge,
  exceptionLabels,
  RefundBadge,
  StatusBadge,
} from "@/components/payments/status-badge";
import { Badge } from "@/components/ui/badge";
import { SectionCard } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { findKnownAsset } from "@/lib/core/money/assets";
import { payabilityWarnings } from "@/lib/domain/payments/payability";
import { refundState } from "@/lib/domain/payments/refund-state";
import { cn } from "@/components/ui/cn";
import { dashboardPage } from "@/lib/domain/auth/dashboard-page";
import { can } from "@/lib/domain/permissions/permissions";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { parseUnit, subValues } from "@/lib/core/money/money";
import { buyerDetails } from "@/lib/domain/payments/buyer-details";
import { formatAmount, formatAssetAmount } from "@/lib/core/money/format-amount";
import { getPaymentDetail } from "@/lib/domain/overview/get-payment-detail";
import { listPaymentOptions } from "@/lib/domain/payments/payment-options";
import { gatewayUrl } from "@/lib/domain/payments/serialize";
import { receiptKeptMessage } from "@/lib/domain/receipts/limit-receipts";
import { receiptIsMailed } from "@/lib/domain/receipts/mail-receipt";
import { overpaidExcess } from "@/lib/domain/refunds/refund-excess";
import { refundRoute, refundValueInAsset } from "@/lib/domain/refunds/verify-refund";
import { findX402Payment } from "@/lib/domain/x402/find-x402-payment";

export const metadata: Metadata = { title: "Payment" };

export default async function PaymentPage({
  params,
  searchParams,
}: {
  params: Promise<{ mode: string; paymentId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { viewer, mode, scope, allowed } = await dashboardPage(params, "payments.read");
  if (!allowed) return <NoAccess role={viewer.role} />;
  const { paymentId } = await params;
  const detail = await getPaymentDetail(scope, paymentId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "payment_not_found") return null;
    throw error;
  });
  if (!detail) {
    const other = await paymentInOtherMode(db(), scope, paymentId);
    if (!other) notFound();
    // The mode toggle was pressed on this payment's page: it is not in this mode, so the list is.
    if ((await searchParams)[modeSwitchedParam]) redirect(`/${mode}/payments`);
    return <OtherModePayment paymentId={paymentId} mode={mode} other={other} />;
  }
  const { payment: p, merchant, timeline, refunds, refundable } = detail;
  const amount = formatAmount(p.amountUnit, p.amountValue.toFixed());
  const gateway = gatewayUrl(p.id);
  const reserved = subValues(p.amountValue.toFixed(), refundable);
  const unit = parseUnit(p.amountUnit);
  const canVerify = p.mode === "live" && can(viewer.role, "payments.verify");
  const attachable = canVerify && p.status === "requires_action";
  // Before the buyer picks an option, support says which one the transaction pays.
  const options =
    attachable && !p.attempt?.settlementId
      ? (await listPaymentOptions(db(), p)).map((o) => ({
          settlementId: o.settlementId,
          label: `${formatAssetAmount(o.asset, o.value)} to ${o.destination}`,
        }))
      : null;
  const route = p.mode === "live" ? refundRoute(p) : null;
  const unpayable =
    p.status === "requires_action"
      ? await payabilityWarnings(db(), scope, p.merchantId, {
          unit: p.amountUnit,
          value: p.amountValue.toFixed(),
        })
      : [];
  const receiptMailed = p.buyerEmail ? await receiptIsMailed(db(), scope, p.buyerEmail) : true;
  const excess = overpaidExcess(p);
  const excessRefund = refunds.find((r) => r.excess && r.status !== "failed");
  const x402 = await findX402Payment(db(), scope, p.id);
  const decimals = !unit.ok
    ? 0
    : unit.value.kind === "fiat"
      ? unit.value.exponent
      : (findKnownAsset(p.amountUnit.slice("caip19/".length))?.decimals ?? 0);

  return (
    <div className="space-y-6">
      <Link href={`/${mode}/payments`} className="text-sm text-muted-foreground hover:text-foreground">
        ← Payments
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-semibold" data-testid="payment-amount">
              {amount}
            </h1>
            <StatusBadge status={p.status} />
            <RefundBadge state={refundState(p)} />
            <ExceptionBadge type={p.exceptionType} resolved={!!p.exceptionResolution} />
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <code className="break-all">{p.id}</code>
            <CopyButton value={p.id} label="Copy id" />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {p.status === "requires_action" && can(viewer.role, "payments.cancel") ? (
            <CancelPaymentButton mode={mode} paymentId={p.id} />
          ) : null}
          {p.status === "succeeded" && refundable !== "0" && can(viewer.role, "payments.refund") ? (
            <RefundButton
              mode={mode}
              paymentId={p.id}
              unit={p.amountUnit}
              decimals={decimals}
              refundable={refundable}
              refunded={reserved}
              total={p.amountValue.toFixed()}
            />
          ) : null}
        </div>
      </div>

      {unpayable.map((w) => (
        <p
          key={w.code}
          role="alert"
          data-testid="payment-warning"
          className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {w.message}
        </p>
      ))}

      <SectionCard title="Details">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
          <Row label="Amount">
            {amount}{" "}
            <span className="break-all text-muted-foreground">
              ({p.amountValue.toFixed()} {p.amountUnit})
            </span>
          </Row>
          <Row label="Paid with">
            {p.attempt ? (
              <>
                {formatAssetAmount(p.attempt.asset, (p.paidValue ?? p.attempt.value).toFixed())}{" "}
                <span className="break-all text-muted-foreground">({p.attempt.asset})</span>
              </>
            ) : (
              <span className="text-muted-foreground">Not chosen yet</span>
            )}
          </Row>
          {x402 ? (
            <Row label="Agent payment">
              <span className="flex flex-wrap items-center gap-2" data-testid="x402-payment">
                <Badge tone={p.status === "succeeded" ? "success" : "warning"}>
                  {p.status === "succeeded" || p.status === "processing"
                    ? "Paid with x402"
                    : "x402 payment attempted"}
                </Badge>
                {x402.resourceUrl ? (
                  <span className="break-all">
                    for <code className="text-xs">{x402.resourceUrl}</code>
                  </span>
                ) : null}
                <span className="break-all text-muted-foreground">by {x402.payer}</span>
              </span>
            </Row>
          ) : null}
          <Row label="Status">
            <StatusBadge status={p.status} /> <RefundBadge state={refundState(p)} />
            {p.failureReason ? <span className="ml-2 text-muted-foreground">{p.failureReason}</span> : null}
          </Row>
          <Row label="Reference">
            <span className="break-all">{p.referenceId}</span>
          </Row>
          {p.buyerEmail ? (
            <Row label="Receipt to">
              <span className="break-all">{p.buyerEmail}</span>
              {receiptMailed ? null : (
                <span className="block text-muted-foreground" data-testid="receipt-kept">
                  {receiptKeptMessage}
                </span>
              )}
            </Row>
          ) : null}
          <Row label="Merchant">
            {merchant && !merchant.deletedAt ? (
              <Link href={`/${mode}/merchants/${merchant.id}`} className="text-primary hover:underline">
                {merchant.name}
              </Link>
            ) : (
              <span>{merchant?.name ?? p.merchantId} (deleted)</span>
            )}
          </Row>
          <Row label="Transaction">
            {p.txId ? (
              <span className="flex flex-wrap items-center gap-2">
                <code className="break-all text-xs" data-testid="tx-id">
                  {p.txId}
                </code>
                <CopyButton value={p.txId} label="Copy txId" />
              </span>
            ) : (
              <span className="text-muted-foreground">None yet</span>
            )}
          </Row>
          <Row label="Gateway link">
            <span className="flex flex-wrap items-center gap-2">
              <a
                href={gateway}
                target="_blank"
                rel="noreferrer"
                className="break-all text-primary hover:underline"
              >
                {gateway}
              </a>
              <CopyButton value={gateway} label="Copy link" />
            </span>
          </Row>
          <Row label="Created">
            <DateTime value={p.createdAt} />
          </Row>
          <Row label={p.finalizedAt ? "Finished" : "Expires"}>
            <DateTime value={p.finalizedAt ?? p.expiresAt} />
          </Row>
          {reserved !== "0" ? <Row label="Refunded">{formatAmount(p.amountUnit, reserved)}</Row> : null}
        </dl>
      </SectionCard>

      {p.collectedData ? (
        <SectionCard
          data-testid="buyer-details"
          title="Buyer details"
          description="Collected from the buyer's wallet for this merchant (information capture). Kept encrypted, never logged, erased after the retention period."
        >
          {can(viewer.role, "payments.buyer_details") ? (
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
              {buyerDetails(p)!.map((d) => (
                <Row key={d.id} label={d.name}>
                  <span className="break-all">{d.value}</span>
                </Row>
              ))}
            </dl>
          ) : (
            <p className="text-sm text-muted-foreground">
              Only owners, admins and support can see the buyer&apos;s details.
            </p>
          )}
        </SectionCard>
      ) : null}

      {p.exceptionType && p.exceptionAsset && p.exceptionReceived ? (
        <SectionCard
          data-testid="payment-exception"
          className={p.exceptionResolution ? undefined : "border-red-300"}
          title={exceptionLabels[p.exceptionType]}
          description={exceptionExplanations[p.exceptionType]}
          contentClassName="space-y-3 text-sm"
        >
          <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
            {p.exceptionExpected ? (
              <Row label="Quoted">{formatAssetAmount(p.exceptionAsset, p.exceptionExpected.toFixed())}</Row>
            ) : null}
            <Row label="Received">
              {formatAssetAmount(p.exceptionAsset, p.exceptionReceived.toFixed())}{" "}
              {findKnownAsset(p.exceptionAsset) ? null : (
                <CopyButton value={p.exceptionAsset} label="Copy token id" />
              )}
            </Row>
            {p.exceptionTxHash ? (
              <Row label="Transaction">
                <code className="break-all text-xs">{p.exceptionTxHash}</code>
              </Row>
            ) : null}
            <Row label="Resolution">
              {p.exceptionResolution ? (
                <span data-testid="exception-resolution">
                  {resolutionLabels[p.exceptionResolution] ?? p.exceptionResolution}
                </span>
              ) : (
                <span className="text-muted-foreground">Open</span>
              )}
            </Row>
          </dl>
          {!p.exceptionResolution && can(viewer.role, "payments.verify") ? (
            <ExceptionActions
              mode={mode}
              paymentId={p.id}
              type={p.exceptionType}
              canAccept={p.exceptionType === "underpaid" && p.status === "requires_action"}
              excess={
                excess && p.status === "succeeded" && !excessRefund && can(viewer.role, "payments.refund")
                  ? formatAssetAmount(p.exceptionAsset, excess.toString())
                  : null
              }
            />
          ) : null}
        </SectionCard>
      ) : null}

      {attachable ? (
        <SectionCard
          title="Attach a transaction"
          description="If the buyer paid but the payment was not found, paste their transaction hash. It is checked on-chain like any payment."
        >
          <AttachTransactionForm mode={mode} target={{ kind: "payment", paymentId: p.id, options }} />
        </SectionCard>
      ) : null}

      <SectionCard title="Timeline">
        <ol className="space-y-3" aria-label="Payment history">
          {timeline.map((e) => (
            <li
              key={e.id}
              className="flex gap-3 text-sm"
              data-testid={e.kind === "event" ? "payment-event" : "timeline-entry"}
              data-kind={e.kind}
            >
              <span
                className={cn(
                  "mt-0.5 shrink-0 self-start rounded px-1.5 font-mono text-xs",
                  timelineTones[e.tone ?? "neutral"],
                )}
              >
                {e.version ? `v${e.version}` : timelineKinds[e.kind]}
              </span>
              <div className="min-w-0 space-y-0.5">
                <p className="font-medium">
                  <span data-testid="timeline-title">{e.title}</span>
                  {e.change ? (
                    <span className="ml-2 font-normal text-muted-foreground">{e.change}</span>
                  ) : null}
                </p>
                {e.detail ? <p className="break-all text-muted-foreground">{e.detail}</p> : null}
                {e.link ? (
                  <a
                    href={e.link.href}
                    target="_blank"
                    rel="noreferrer"
                    className="break-all text-primary underline-offset-2 hover:underline"
                  >
                    {e.link.label}
                  </a>
                ) : null}
                <p className="break-all text-xs text-muted-foreground">
                  {e.code ? <code className="mr-1">{e.code}</code> : null}
                  {e.actor ? <>by {e.actor} · </> : null}
                  <DateTime value={e.at} />
                </p>
              </div>
            </li>
          ))}
        </ol>
      </SectionCard>

      {refunds.length > 0 ? (
        <SectionCard title="Refunds">
          <ul className="divide-y divide-border text-sm">
            {refunds.map((r) => (
              <li key={r.id} className="space-y-2 py-2" data-testid="refund">
                <div className="flex flex-wrap items-center gap-3">
                  <span className="font-medium">{formatAmount(r.amount.unit, r.amount.value)}</span>
                  <Badge
                    tone={r.status === "succeeded" ? "success" : r.status === "failed" ? "danger" : "warning"}
                  >
                    {r.status}
                  </Badge>
                  {r.reason ? <span className="text-muted-foreground">{r.reason}</span> : null}
                  <span className="text-muted-foreground">
                    <DateTime value={r.createdAt} />
                  </span>
                  {r.txId && p.mode === "live" ? <code className="break-all text-xs">{r.txId}</code> : null}
                </div>
                {r.status === "pending" && route ? (
                  <div className="space-y-2 rounded-md bg-muted/50 p-3">
                    <p className="text-muted-foreground" data-testid="refund-instructions">
                      Completes when{" "}
                      <strong className="text-foreground">
                        {formatAssetAmount(
                          route.asset,
                          (r.excess && excess ? excess : refundValueInAsset(r.amount.value, p)).toString(),
                        )}
                      </strong>{" "}
                      is sent from <code className="break-all">{route.from}</code> to the buyer at{" "}
                      <code className="break-all">{route.to}</code> and confirmed on-chain.
                    </p>
                    {canVerify ? (
                      <AttachTransactionForm mode={mode} target={{ kind: "refund", refundId: r.id }} />
                    ) : null}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </SectionCard>
      ) : null}
    </div>
  );
}

const exceptionExplanations = {
  underpaid:
    "The buyer sent less than quoted, so the payment is not paid. Accept what arrived as payment, or have the merchant return it and mark it refunded.",
  overpaid: "The buyer sent more than quoted. The payment succeeded; the merchant owes the buyer the excess.",
  paid_late:
    "The buyer paid after the payment expired. Its status stays expired; the merchant should return the money or settle the order another way.",
  wrong_asset:
    "A token other than the one quoted reached the merchant's wallet. The payment is not paid by it; the merchant should return it.",
} as const;
const resolutionLabels: Record<string, string> = {
  within_tolerance: "Paid within the merchant's underpayment tolerance",
  accepted: "Accepted as paid by support",
  refunded: "Returned to the buyer",
  dismissed: "Dismissed",
};

const timelineKinds = {
  event: "",
  quote: "quote",
  transfer: "chain",
  refund: "refund",
  webhook: "webhook",
} as const;
const timelineTones = {
  neutral: "bg-muted",
  success: "bg-green-100 text-green-800",
  danger: "bg-red-100 text-red-800",
  warning: "bg-amber-100 text-amber-900",
} as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}
