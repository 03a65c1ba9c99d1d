import "server-only";
import { html } from "@/lib/platform/checkout/views/html";
import { checkoutDocument } from "./document";

/** The page for a payment link that leads nowhere (unknown or malformed id). */
export function renderNotFoundPage(nonce: string): string {
  return checkoutDocument({
    title: "Payment not found · Tollgate",
    nonce,
    body: html`<main class="nf"><p class="code">404</p><h1>Payment not found</h1><p class="small muted">This payment link is not valid. Check that you opened the whole link, or ask the merchant for a new one.</p></main>`,
  });
}
