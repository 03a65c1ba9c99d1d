import "server-only";
import type { MerchantBranding } from "@/lib/domain/branding/merchant-branding";
import type { Mode } from "@/lib/core/db";
import { html } from "@/lib/platform/checkout/views/html";
import { checkoutDocument } from "./document";
import { formFieldCss } from "./form-field-css";
import { testModeBanner } from "./test-mode-banner";
import { accentCss, merchantBadge, supportLine } from "./merchant-header";

export type LinkPageView = {
  mode: Mode;
  merchant: MerchantBranding;
  active: boolean;
  /** "$10.50" for a fixed link; null when the buyer enters the amount. */
  fixedAmount: string | null;
  bounds: { min: string | null; max: string | null; currency: string | null };
  /** What the buyer sent, shown again beside the errors. */
  values: { amount?: string; email?: string };
  errors: { amount?: string; email?: string; form?: string };
};

/** A reusable payment link's page: nothing is minted until the buyer presses Continue (a POST). */
export function renderLinkPage(view: LinkPageView, nonce: string): string {
  const { errors, values } = view;
  const body = html`${view.mode === "test" && testModeBanner("TEST MODE · no real money moves")}
<main class="wrap"><div class="card"><header class="head">${merchantBadge(view.merchant)}<h1 class="amount" data-testid="link-amount">${view.fixedAmount ?? "Enter an amount"}</h1></header>
${view.active ? form(view) : html`<p class="center small" role="status" data-testid="link-inactive">This payment link is no longer active. Ask ${view.merchant.name} for a new one.</p>`}
${errors.form && html`<p class="alert center" role="alert" data-testid="form-error">${errors.form}</p>`}
${supportLine(view.merchant)}</div><p class="footnote">Payments by Tollgate</p></main>`;
  return checkoutDocument({
    title: `Pay ${view.merchant.name} · Tollgate`,
    nonce,
    body,
    css: formFieldCss + accentCss(view.merchant),
  });

  function form({ fixedAmount, bounds }: LinkPageView) {
    const hint = bounds.min && bounds.max ? `Between ${bounds.min} and ${bounds.max}.` : "";
    return html`<form method="post" class="stack" novalidate data-testid="link-form">
${
  fixedAmount === null &&
  html`<div class="field"><label for="amount">Amount${bounds.currency ? ` (${bounds.currency})` : ""}</label>
<input id="amount" name="amount" inputmode="decimal" autocomplete="off" required value="${values.amount ?? ""}" aria-invalid="${errors.amount ? "true" : "false"}" aria-describedby="amount-hint${errors.amount ? " amount-error" : ""}">
<p id="amount-hint" class="xs muted">${hint}</p>${errors.amount && html`<p id="amount-error" class="alert" data-testid="amount-error">${errors.amount}</p>`}</div>`
}
<div class="field"><label for="email">Email for your receipt <span class="muted">(optional)</span></label>
<input id="email" name="email" type="email" autocomplete="email" value="${values.email ?? ""}" aria-invalid="${errors.email ? "true" : "false"}"${errors.email ? html` aria-describedby="email-error"` : ""}>
${errors.email && html`<p id="email-error" class="alert">${errors.email}</p>`}</div>
<button type="submit" class="btn primary wide">Continue to payment</button></form>`;
  }
}
