import "server-only";
import { html } from "@/lib/platform/checkout/views/html";
import { checkoutDocument } from "./document";

/** An unknown receipt token, or a payment that has not succeeded (nothing to receipt yet). */
export function renderReceiptNotFoundPage(nonce: string): string {
  return checkoutDocument({
    title: "Receipt not found · Tollgate",
    nonce,
    body: html`<main class="nf"><p class="code">404</p><h1>Receipt not found</h1><p class="small muted">This receipt link is not valid, or the payment has not succeeded. Check that you opened the whole link.</p></main>`,
  });
}
