import "server-only";
import type { Receipt } from "@/lib/domain/receipts/get-receipt";
import { html, type Html } from "@/lib/platform/checkout/views/html";
import { checkoutDocument } from "./document";
import { exceptionText } from "./exception-notice";
import { testModeBanner } from "./test-mode-banner";
import { accentCss, merchantBadge, supportLine } from "./merchant-header";

const css = `
.receipt dl{display:flex;flex-direction:column;gap:.5rem;font-size:.875rem;line-height:1.25rem}
.receipt dl>div{display:flex;justify-content:space-between;gap:1rem}
.receipt dt{flex-shrink:0;color:var(--color-muted-foreground)}
.receipt dd{text-align:right;overflow-wrap:anywhere}
.receipt h2{font-size:.875rem;font-weight:600;margin-bottom:.5rem}
.receipt section+section{border-top:1px solid #e2e8f0;padding-top:1rem}
.receipt a.link{color:#4338ca;text-decoration:underline}
@media print{body{background:#fff}.card{box-shadow:none;border:0;padding:0}.wrap{max-width:none;padding:0}.noprint{display:none}.banner{background:none;border:1px solid #000}}
`;

/** What the receipt is for: a payment paid, or money that arrived without paying it. */
function receiptState({ succeeded, exception }: Receipt): string {
  if (succeeded || !exception) return "paid";
  return {
    paid_late: "Received after expiry,",
    underpaid: "Received short,",
    wrong_asset: "Received in another token,",
    overpaid: "paid",
  }[exception.type];
}

const when = (iso: string) => new Date(iso).toUTCString().replace("GMT", "UTC");

/** A buyer's receipt: server-rendered, no script, printable. */
export function renderReceiptPage(receipt: Receipt, nonce: string): string {
  const row = (label: string, value: Html | string, testId?: string) =>
    html`<div><dt>${label}</dt><dd${testId ? html` data-testid="${testId}"` : ""}>${value}</dd></div>`;
  const body = html`${receipt.mode === "test" && testModeBanner("TEST MODE · no real money moved")}
<main class="wrap"><article class="card receipt" data-testid="receipt"><header class="head">${merchantBadge(receipt.merchant)}<h1 class="amount" data-testid="receipt-amount">${receipt.amount}</h1><p class="small muted">Receipt · ${receiptState(receipt)} ${when(receipt.paidAt)}</p></header>
${receipt.exception && html`<p class="note small" data-testid="receipt-exception">${exceptionText(receipt.exception, receipt.merchant.name, false)}</p>`}
<section><h2>Payment</h2><dl>
${row("Order", receipt.referenceId)}
${row("Payment", html`<span class="mono">${receipt.paymentId}</span>`)}
${receipt.paid && row("Paid", receipt.paid.amount, "receipt-paid")}
${receipt.exception && !receipt.succeeded && row("Received", `${receipt.exception.received} on ${receipt.exception.networkName}`, "receipt-received")}
${receipt.paid && row("Asset", receipt.paid.assetName)}
${receipt.paid && row("Network", receipt.paid.networkName, "receipt-network")}
${receipt.rate && row("Rate", receipt.rate, "receipt-rate")}
${receipt.quotedAt && row("Quoted", when(receipt.quotedAt))}
${receipt.txId && row("Transaction", receipt.explorerUrl ? html`<a class="link mono" href="${receipt.explorerUrl}" rel="noopener noreferrer" data-testid="receipt-explorer">${receipt.txId}</a>` : html`<span class="mono" data-testid="receipt-tx">${receipt.txId}</span>`)}
</dl></section>
<section data-testid="receipt-refunds"><h2>Refunds</h2>${
    receipt.refunds.length === 0
      ? html`<p class="small muted">None.</p>`
      : html`<dl>${receipt.refunds.map((r) => row(`${when(r.createdAt)}`, `${r.amount} · ${r.status}`))}</dl>`
  }</section>
<section>${supportLine(receipt.merchant, receipt.merchant.email)}<p class="xs muted center noprint">To keep a copy, print this page or save it as a PDF from your browser's menu.</p></section>
</article><p class="footnote">Payments by Tollgate</p></main>`;
  return checkoutDocument({
    title: `Receipt from ${receipt.merchant.name} · Tollgate`,
    nonce,
    body,
    css: css + accentCss(receipt.merchant),
  });
}
