// A final payment: what happened, and the way back to the app when one was given. Rendered by the
// server for a page opened on a final payment and by the client script when an open page sees one.
import { outcomeMessage, type FinalStatus } from "@/lib/core/bridge/outcome-message";
import type { PaymentStatusJson } from "@/lib/domain/schemas/payment";
import { html, raw } from "@/lib/platform/checkout/views/html";

// Lucide's circle-check, circle-x, ban and clock.
const icon = (paths: string, tone: string) =>
  raw(
    `<svg class="icon ${tone}" aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"><circle cx="12" cy="12" r="10"/>${paths}</svg>`,
  );

const presentation = {
  succeeded: { title: "Payment successful", icon: icon('<path d="m16 9-5.5 5.5L8 12"/>', "tone-success") },
  failed: { title: "Payment failed", icon: icon('<path d="m15 9-6 6"/><path d="m9 9 6 6"/>', "tone-error") },
  cancelled: { title: "Payment cancelled", icon: icon('<path d="M4.929 4.929 19.07 19.071"/>', "muted") },
  expired: { title: "Payment expired", icon: icon('<path d="M12 6v6l4 2"/>', "muted") },
} as const;

/** `receiptUrl`: the buyer's receipt page, linked once the payment succeeded. */
export type OutcomeView = {
  status: PaymentStatusJson;
  amount: string;
  merchantName: string;
  returnUrl: string | null;
  receiptUrl: string | null;
};

export function renderOutcome({ status, amount, merchantName, returnUrl, receiptUrl }: OutcomeView) {
  const final = status.status as FinalStatus;
  const { title, icon } = presentation[final];
  const message = outcomeMessage(final);
  const info = status.info;
  return html`<section data-testid="payment-outcome" data-status="${final}" class="outcome" aria-live="polite">
${icon}<h2>${title}</h2>
<p class="muted small">${message.success ? `You paid ${amount} to ${merchantName}.` : message.error}${final === "expired" || final === "failed" ? ` Ask ${merchantName} for a new payment link if you still want to pay.` : ""}</p>
${info && html`<dl class="facts"><div><dt>Paid with</dt><dd>${info.optionAmount.display.assetSymbol} on ${info.optionAmount.display.networkName}</dd></div><div><dt>Transaction</dt><dd class="mono break" data-testid="transaction-id">${info.txId}</dd></div></dl>`}
${final === "succeeded" && receiptUrl && html`<a href="${receiptUrl}" class="btn secondary wide" data-testid="receipt-link">View receipt</a>`}
${returnUrl && html`<a href="${returnUrl}" class="btn primary wide" data-testid="return-to-app">Return to app</a>`}
</section>`;
}
