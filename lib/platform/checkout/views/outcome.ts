// A final payment: what happened, and the way back to the app when one was given. Rendered by the
// server for a page opened on a final payment and by the client script when an open page sees one.
import { outcomeMessage, type FinalStatus } from "@/lib/core/bridge/outcome-message";
import type { CheckoutStatus } from "../checkout-status";
import { html, raw } from "./html";
import { exceptionText, receiptLink } from "./exception-notice";

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

/**
 * `receiptUrl`: the buyer's receipt page, linked once money arrived (paid, or paid wrongly).
 * `shopUrl`: where the page sends the buyer a few seconds after the outcome, when the merchant set
 * checkout URLs on the payment; linked as "Return to the shop" so the buyer need not wait.
 */
export type OutcomeView = {
  status: CheckoutStatus;
  amount: string;
  merchantName: string;
  returnUrl: string | null;
  receiptUrl: string | null;
  shopUrl: string | null;
};

/** Seconds the outcome stays on screen before the buyer is sent to the merchant's page. */
export const shopRedirectSeconds = 5;

export function renderOutcome({ status, amount, merchantName, returnUrl, receiptUrl, shopUrl }: OutcomeView) {
  const final = status.status as FinalStatus;
  const { exception, droppedFrom } = status;
  const late = exception?.type === "paid_late";
  const { title, icon } = late
    ? { title: "Payment arrived after it expired", icon: presentation.expired.icon }
    : droppedFrom
      ? { title: "Your transfer left the chain", icon: presentation.failed.icon }
      : presentation[final];
  const message = outcomeMessage(final);
  const info = status.info;
  const text = late
    ? exceptionText(exception, merchantName, false)
    : droppedFrom
      ? `Your transfer was reorganised out of ${droppedFrom} and not included again, so it did not pay and no money moved. If you still want to pay, ask ${merchantName} for a new payment link.`
      : `${message.success ? `You paid ${amount} to ${merchantName}.` : message.error}${
          !exception && (final === "expired" || final === "failed")
            ? ` Ask ${merchantName} for a new payment link if you still want to pay.`
            : ""
        }`;
  return html`<section data-testid="payment-outcome" data-status="${final}" class="outcome" aria-live="polite">
${icon}<h2>${title}</h2>
<p class="muted small">${text}</p>
${exception && !late && html`<p class="note small" data-testid="exception-notice">${exceptionText(exception, merchantName, false)}</p>`}
${info && html`<dl class="facts"><div><dt>Paid with</dt><dd>${info.optionAmount.display.assetSymbol} on ${info.optionAmount.display.networkName}</dd></div><div><dt>Transaction</dt><dd class="mono break" data-testid="transaction-id">${info.txId}</dd></div></dl>`}
${(final === "succeeded" || exception) && receiptLink(receiptUrl)}
${shopUrl && html`<a href="${shopUrl}" class="btn primary wide" data-testid="return-to-shop">Return to the shop</a><p class="xs muted" data-testid="shop-redirect-note">Taking you back to the shop in ${shopRedirectSeconds} seconds.</p>`}
${returnUrl && html`<a href="${returnUrl}" class="btn primary wide" data-testid="return-to-app">Return to app</a>`}
</section>`;
}
