import "server-only";
import type { Mode } from "@/lib/core/db";
import type { MerchantBranding } from "@/lib/domain/branding/merchant-branding";
import type { collectFields } from "@/lib/domain/schemas/collect-data";
import { html, raw } from "@/lib/platform/checkout/views/html";
import { checkoutDocument } from "./document";
import { formFieldCss } from "./form-field-css";
import { accentCss, merchantBadge } from "./merchant-header";
import { testModeBanner } from "./test-mode-banner";

export type DetailsPageView = {
  mode: Mode;
  merchant: Pick<MerchantBranding, "name" | "iconUrl" | "accentColor">;
  /** form: the merchant still needs them; received: given (or none needed); closed: the payment no longer takes them. */
  state: "form" | "received" | "closed";
  fields: (typeof collectFields)[number][];
  /** What the buyer sent (or the wallet's prefill), shown again beside the errors. */
  values: Record<string, string>;
  errors: Record<string, string>;
};

const css = `${formFieldCss}
.consent input:focus-visible{outline:2px solid #4f46e5;outline-offset:1px}
.consent{display:flex;gap:.5rem;align-items:flex-start;text-align:left;font-size:.875rem}
.consent input{margin-top:.2rem;width:1.125rem;height:1.125rem;flex-shrink:0}
`;

// Each detail's browser hints: what autofill offers and which keyboard a phone shows.
const inputHints: Record<string, string> = {
  fullName: 'autocomplete="name"',
  dob: 'type="date" autocomplete="bday"',
  porAddress: 'autocomplete="street-address"',
  porCountry: 'autocomplete="country" maxlength="2" autocapitalize="characters"',
  pobAddress: 'autocomplete="off"',
  pobCountry: 'autocomplete="off" maxlength="2" autocapitalize="characters"',
};

// What each detail's input asks for, in the buyer's words.
const hints: Record<string, string> = {
  fullName: "Your full legal name.",
  dob: "As on your ID.",
  porAddress: "Street address, city and state.",
  porCountry: "Two letters, such as US or GB.",
  pobAddress: "City and state.",
  pobCountry: "Two letters, such as US or GB.",
};

/**
 * The message the page hands the wallet that opened it, through each bridge WalletConnect's wallet
 * guides install (React Native and Flutter's `ReactNativeWebView`, iOS's `payDataCollectionComplete`
 * handler, Android's `AndroidWallet`) and, in a frame, the parent window.
 */
function bridgeScript(message: { type: "IC_COMPLETE" } | { type: "IC_ERROR"; error: string }, nonce: string) {
  const json = JSON.stringify(JSON.stringify(message)).replace(/</g, "\\u003c");
  return html`<script nonce="${nonce}">${raw(`(function(){var m=${json},w=window;
function send(f){try{f()}catch(e){}}
send(function(){w.ReactNativeWebView&&w.ReactNativeWebView.postMessage(m)});
send(function(){w.webkit.messageHandlers.payDataCollectionComplete.postMessage(m)});
send(function(){w.AndroidWallet&&w.AndroidWallet.onDataCollectionComplete(m)});
send(function(){w.parent!==w&&w.parent.postMessage(m,"*")});})();`)}</script>`;
}

/** The hosted form a wallet opens for a payment whose merchant needs the buyer's details (`collectData.url`). */
export function renderDetailsPage(view: DetailsPageView, nonce: string): string {
  const { errors, values, merchant } = view;
  const closedText = "This payment no longer takes details. Return to your wallet.";
  const body = html`${view.mode === "test" && testModeBanner("TEST MODE · no real money moves")}
<main class="wrap"><div class="card"><header class="head">${merchantBadge(merchant)}<h1 class="amount">${view.state === "form" ? "Your details" : view.state === "received" ? "Details received" : "Payment closed"}</h1></header>
${view.state === "form" && form()}
${view.state === "received" && html`<p class="center small" role="status" data-testid="details-received">Details received — return to your wallet to finish paying.</p>`}
${view.state === "closed" && html`<p class="center small" role="status" data-testid="details-closed">${closedText}</p>`}
${errors.form && html`<p class="alert center" role="alert" data-testid="form-error">${errors.form}</p>`}
</div><p class="footnote">Payments by Tollgate</p></main>`;
  return checkoutDocument({
    title: `Your details for ${merchant.name} · Tollgate`,
    nonce,
    body,
    css: css + accentCss(merchant),
    script:
      view.state === "received"
        ? bridgeScript({ type: "IC_COMPLETE" }, nonce)
        : view.state === "closed"
          ? bridgeScript({ type: "IC_ERROR", error: closedText }, nonce)
          : undefined,
  });

  function field(f: DetailsPageView["fields"][number]) {
    const error = errors[f.id];
    const described = `${f.id}-hint${error ? ` ${f.id}-error` : ""}`;
    return html`<div class="field"><label for="${f.id}">${f.name}</label>
<input id="${f.id}" name="${f.id}" ${raw(inputHints[f.id] ?? "")} required value="${values[f.id] ?? ""}" aria-invalid="${error ? "true" : "false"}" aria-describedby="${described}">
<p id="${f.id}-hint" class="xs muted">${hints[f.id]}</p>${error && html`<p id="${f.id}-error" class="alert" data-testid="${f.id}-error">${error}</p>`}</div>`;
  }

  function form() {
    return html`<p class="small muted center">${merchant.name} must know who is paying before you pay. Your wallet then finishes the payment.</p>
<form method="post" class="stack" novalidate data-testid="details-form">
${view.fields.map(field)}
<div><label class="consent"><input type="checkbox" name="accept" value="yes"${values.accept === "yes" ? " checked" : ""} aria-invalid="${errors.accept ? "true" : "false"}"${errors.accept ? html` aria-describedby="accept-error"` : ""}><span>I agree that ${merchant.name} and Tollgate keep these details for this payment, as the law requires.</span></label>
${errors.accept && html`<p id="accept-error" class="alert" data-testid="accept-error">${errors.accept}</p>`}</div>
<button type="submit" class="btn primary wide">Submit details</button></form>`;
  }
}
