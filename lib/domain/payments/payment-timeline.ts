import "server-only";
import { networkName } from "@/lib/core/money/assets";
import { chainIdOf, explorerTxUrl } from "@/lib/core/chain/chains";
import type {
  ChainTransfer,
  PaymentAttempt,
  Payment,
  PaymentEvent,
  Refund,
  DbOrTx,
  WebhookDelivery,
} from "@/lib/core/db";
import type { Scope } from "@/lib/core/tenancy/scope";
import { formatAmount, formatAssetAmount } from "@/lib/core/money/format-amount";

// Everything that happened to one payment, in the order it happened, in words a support person
// reads without knowing the event names: the payment's own events, the quotes a wallet was given,
// the transfers seen on chain, its refunds and every webhook delivery about it.

export type TimelineEntry = {
  id: string;
  at: Date;
  kind: "event" | "quote" | "transfer" | "refund" | "webhook";
  title: string;
  /** The machine name beside the words: the event type, or a delivery's endpoint. */
  code?: string;
  detail?: string;
  /** `from → to` for status changes. */
  change?: string;
  actor?: string;
  version?: number;
  link?: { href: string; label: string };
  tone?: "success" | "danger" | "warning";
};

type Data = Record<string, unknown>;
const str = (data: unknown, key: string) =>
  data && typeof data === "object" && typeof (data as Data)[key] === "string"
    ? ((data as Data)[key] as string)
    : undefined;
const strings = (data: unknown, key: string) => {
  const value = data && typeof data === "object" ? (data as Data)[key] : undefined;
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
};
const short = (hash: string) => (hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash);

function txLink(payment: Payment, txHash: string | undefined, asset?: string | null) {
  if (!txHash || payment.mode !== "live") return undefined;
  const href = explorerTxUrl(chainIdOf(asset ?? payment.attempt?.asset ?? ""), txHash);
  return href ? { href, label: `View ${short(txHash)} on the explorer` } : undefined;
}

function eventEntry(payment: Payment, e: PaymentEvent & { actorName: string }): TimelineEntry {
  const base = {
    id: e.id,
    at: e.createdAt,
    kind: "event" as const,
    code: e.type,
    actor: e.actorName,
    version: e.version,
    change: e.toStatus ? `${e.fromStatus ? `${e.fromStatus} → ` : ""}${e.toStatus}` : undefined,
  };
  const txHash = str(e.data, "txHash");
  switch (e.type) {
    case "payment.created":
      return {
        ...base,
        title: `Payment of ${formatAmount(payment.amountUnit, payment.amountValue.toFixed())} created`,
      };
    case "payment.option_confirmed": {
      const asset = str(e.data, "asset");
      const value = str(e.data, "value");
      const how =
        str(e.data, "method") === "eip3009"
          ? "signed a gasless authorization"
          : "chose to send a transaction";
      return {
        ...base,
        title: `The buyer's wallet ${how}`,
        detail: [
          asset && value ? `${formatAssetAmount(asset, value)} on ${networkName(chainIdOf(asset))}` : null,
          str(e.data, "payer") ? `from ${str(e.data, "payer")}` : null,
        ]
          .filter(Boolean)
          .join(" · "),
      };
    }
    case "payment.x402_authorized":
      return {
        ...base,
        title: `An agent authorized an x402 payment${str(e.data, "resource") ? ` for ${str(e.data, "resource")}` : ""}`,
        detail: [
          str(e.data, "description"),
          str(e.data, "payer")
            ? `from ${str(e.data, "payer")} on ${networkName(str(e.data, "network") ?? "")}`
            : null,
        ]
          .filter(Boolean)
          .join(" · "),
      };
    case "payment.option_superseded":
      return {
        ...base,
        title: "The wallet's transaction did not pay this payment; the buyer chose another option",
        detail: str(e.data, "reason"),
        tone: "warning",
      };
    case "payment.relay_resent":
      return {
        ...base,
        title: "The relayer's transaction was lost; it sent the buyer's authorization again",
        detail: str(e.data, "reason"),
        tone: "warning",
        link: txLink(payment, txHash),
      };
    case "payment.relay_released":
      return {
        ...base,
        title:
          "The relayer's transaction was lost and the authorization expired; the buyer may pay another way",
        detail: str(e.data, "reason"),
        tone: "warning",
        link: txLink(payment, txHash),
      };
    case "payment.transaction_submitted":
      return {
        ...base,
        title:
          e.data && (e.data as Data).relayed
            ? "Tollgate's relayer submitted the buyer's authorization"
            : "A transaction was submitted",
        detail: txHash,
        link: txLink(payment, txHash),
      };
    case "payment.transaction_reported":
      return {
        ...base,
        title: "A transaction was reported through the payment's link, from an account it was not quoted for",
        detail: `${txHash ?? ""}: it pays nothing by itself; if it is this buyer's, attach it from the unmatched transfers`,
        link: txLink(payment, txHash),
      };
    case "payment.relay_failed":
      return {
        ...base,
        title: "The relayer could not submit the authorization; the payment stays payable",
        detail: str(e.data, "error"),
        tone: "warning",
      };
    case "payment.deposit_received":
      return {
        ...base,
        title: `${formatAssetAmount(str(e.data, "asset") ?? "", str(e.data, "value") ?? "0")} arrived at the payment's deposit address`,
        detail: str(e.data, "from") ? `From ${str(e.data, "from")}` : undefined,
        link: txLink(payment, txHash, str(e.data, "asset")),
      };
    case "payment.deposit_short":
      return {
        ...base,
        title: `The deposit address holds ${formatAssetAmount(str(e.data, "asset") ?? "", str(e.data, "held") ?? "0")}; ${formatAssetAmount(str(e.data, "asset") ?? "", str(e.data, "due") ?? "0")} is still due`,
        tone: "warning",
      };
    case "payment.deposit_swept":
      return {
        ...base,
        title: `Swept ${formatAssetAmount(str(e.data, "asset") ?? "", str(e.data, "value") ?? "0")} from the deposit address to the merchant's wallet`,
        detail: `Gas used: ${str(e.data, "gasUsed") ?? "?"}`,
        link: txLink(payment, txHash, str(e.data, "asset")),
      };
    case "payment.deposit_sweep_failed":
      return {
        ...base,
        title: "A sweep of the deposit address reverted; it is tried again",
        tone: "warning",
        link: txLink(payment, txHash, str(e.data, "asset")),
      };
    case "payment.deposit_dust":
      return {
        ...base,
        title: `${formatAssetAmount(str(e.data, "asset") ?? "", str(e.data, "value") ?? "0")} left at the deposit address: worth less than sweeping it would cost`,
        detail: str(e.data, "address"),
        tone: "warning",
      };
    case "payment.transfer_rejected":
      return {
        ...base,
        title: "A transaction did not pay this payment",
        detail: [txHash, str(e.data, "reason")].filter(Boolean).join(": "),
        tone: "warning",
        link: txLink(payment, txHash),
      };
    case "payment.exception": {
      const asset = str(e.data, "asset");
      const received = str(e.data, "received");
      const expected = str(e.data, "expected");
      const words =
        {
          underpaid: "Underpaid",
          overpaid: "Overpaid",
          paid_late: "Paid after expiry",
          wrong_asset: "Paid in another token",
        }[str(e.data, "exception") ?? ""] ?? "Exception";
      const within =
        str(e.data, "resolution") === "within_tolerance" ? " (within the merchant's tolerance)" : "";
      return {
        ...base,
        title: `${words}${within}`,
        detail:
          asset && received
            ? `${formatAssetAmount(asset, received)} received${expected ? `, ${formatAssetAmount(asset, expected)} quoted` : ""}`
            : undefined,
        tone: within ? undefined : "danger",
        link: txLink(payment, str(e.data, "txHash"), asset),
      };
    }
    case "payment.bridge_outcome_posted":
      return {
        ...base,
        title: `Outcome sent to the app: ${str(e.data, "outcome")} (${strings(e.data, "bridges").join(", ")})`,
      };
    case "payment.exception_resolved":
      return {
        ...base,
        title: `Exception resolved: ${{ accepted: "accepted as paid", refunded: "returned to the buyer", dismissed: "dismissed" }[str(e.data, "resolution") ?? ""] ?? str(e.data, "resolution")}`,
      };
    case "payment.processing":
      return {
        ...base,
        title: "Transfer seen on chain; waiting for confirmations",
        detail: txHash,
        link: txLink(payment, txHash),
      };
    case "payment.succeeded":
      return {
        ...base,
        title: "Payment succeeded",
        detail: payment.txId ?? undefined,
        tone: "success",
        link: txLink(payment, payment.txId ?? undefined),
      };
    case "payment.failed":
      return {
        ...base,
        title: "Payment failed",
        detail: payment.failureReason ?? str(e.data, "reason"),
        tone: "danger",
      };
    case "payment.cancelled":
      return { ...base, title: "Payment cancelled" };
    case "payment.expired":
      return { ...base, title: "Payment expired: it was not paid in time" };
    default:
      return { ...base, title: e.type };
  }
}

function quoteEntry(o: PaymentAttempt): TimelineEntry {
  return {
    id: o.id,
    at: o.createdAt,
    kind: "quote",
    title: `Quoted ${formatAssetAmount(o.asset, o.value.toFixed())} on ${networkName(chainIdOf(o.asset))} to a wallet`,
    detail: `${o.method === "eip3009" ? "Gasless signature" : "Transaction"} for ${o.payer}, valid until ${o.expiresAt.toISOString().replace("T", " ").slice(0, 19)} UTC`,
    code: o.id,
  };
}

function transferEntry(payment: Payment, t: ChainTransfer): TimelineEntry {
  return {
    id: t.id,
    at: t.createdAt,
    kind: "transfer",
    title: `${formatAssetAmount(t.asset, t.value.toFixed())} received on ${networkName(t.chainId)} in block ${t.blockNumber}`,
    detail: `from ${t.fromAddress} to ${t.toAddress}`,
    link: txLink(payment, t.txHash, t.asset),
  };
}

function refundEntries(payment: Payment, r: Refund, actorName: string): TimelineEntry[] {
  const words = r.excess
    ? excessRefundWords(payment, r)
    : refundWords(formatAmount(r.amountUnit, r.amountValue.toFixed()));
  const requested: TimelineEntry = {
    id: `${r.id}:created`,
    at: r.createdAt,
    kind: "refund",
    title: words.requested,
    detail: r.reason ?? undefined,
    actor: actorName,
    code: r.id,
  };
  if (r.status === "pending") return [requested];
  const done: TimelineEntry = {
    id: `${r.id}:${r.status}`,
    at: r.updatedAt,
    kind: "refund",
    title: r.status === "succeeded" ? words.succeeded : words.failed,
    code: r.id,
    tone: r.status === "succeeded" ? undefined : "danger",
    detail: r.txId ?? undefined,
    link: txLink(payment, r.txId ?? undefined),
  };
  return [requested, done];
}

const refundWords = (amount: string) => ({
  requested: `Refund of ${amount} requested`,
  succeeded: `Refund of ${amount} completed`,
  failed: `Refund of ${amount} failed`,
});

/** An excess refund returns what was paid beyond the quote, in the paid asset, not part of the price. */
function excessRefundWords(payment: Payment, r: Refund) {
  const excess =
    payment.exceptionAsset && r.assetValue !== null
      ? formatAssetAmount(payment.exceptionAsset, r.assetValue.toFixed())
      : formatAmount(r.amountUnit, r.amountValue.toFixed());
  return {
    requested: `Refund of the excess ${excess} requested`,
    succeeded: `Excess of ${excess} refunded to ${payment.payerAddress ?? "the buyer"}`,
    failed: `Refund of the excess ${excess} failed`,
  };
}

function deliveryEntry(
  d: WebhookDelivery & { event: { type: string }; endpoint: { url: string } },
): TimelineEntry {
  const answered = d.responseStatus
    ? `answered ${d.responseStatus}`
    : d.error
      ? `failed: ${d.error}`
      : "not attempted yet";
  return {
    id: d.id,
    at: d.lastAttemptAt ?? d.createdAt,
    kind: "webhook",
    title: `Webhook ${d.event.type} ${d.status === "succeeded" ? "delivered" : d.status === "failed" ? "not delivered" : "pending"}`,
    detail: `${d.endpoint.url} ${answered}${d.attempts > 1 ? ` after ${d.attempts} attempts` : ""}`,
    tone: d.status === "succeeded" ? undefined : d.status === "failed" ? "danger" : "warning",
  };
}

/** The whole history of a payment, oldest first. Scoped by account and mode like every query. */
export async function paymentTimeline(
  q: DbOrTx,
  scope: Scope,
  payment: Payment,
  events: (PaymentEvent & { actorName: string })[],
  refunds: (Refund & { actorName: string })[],
): Promise<TimelineEntry[]> {
  const where = { accountId: scope.accountId, mode: scope.mode, paymentId: payment.id };
  const sinceCreated = new Date(payment.createdAt.getTime() - 3_600_000);
  const [quotes, transfers, deliveries] = await Promise.all([
    // The quotes to wallets: a `transfer` attempt is the hosted checkout's choice, no quote to anyone.
    q.paymentAttempt.findMany({
      where: { ...where, payer: { not: null } },
      orderBy: { createdAt: "asc" },
      take: 50,
    }),
    q.chainTransfer.findMany({ where, orderBy: { createdAt: "asc" }, take: 50 }),
    // A payment's events are never older than the payment (an hour's margin for clocks): the bound
    // keeps a partitioned table (lib/core/db/partitions.ts) to the days since.
    q.webhookDelivery.findMany({
      where: {
        accountId: scope.accountId,
        mode: scope.mode,
        createdAt: { gte: sinceCreated },
        event: { paymentId: payment.id, createdAt: { gte: sinceCreated } },
      },
      include: { event: { select: { type: true } }, endpoint: { select: { url: true } } },
      orderBy: { createdAt: "asc" },
      take: 100,
    }),
  ]);
  const entries = [
    ...events.map((e) => eventEntry(payment, e)),
    ...quotes.map(quoteEntry),
    ...transfers.map((t) => transferEntry(payment, t)),
    ...refunds.flatMap((r) => refundEntries(payment, r, r.actorName)),
    ...deliveries.map(deliveryEntry),
  ];
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.version ?? 0) - (b.version ?? 0));
}
