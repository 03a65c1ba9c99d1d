import "server-only";
import type { Checkout, CheckoutOption } from "@/lib/platform/checkout/get-checkout";
import { html } from "@/lib/platform/checkout/views/html";
import { qrSvg } from "./qr-svg";

/**
 * The payment's own deposit addresses, for a buyer paying from an exchange or any wallet without
 * connecting it: per network, cheapest first (the options' order), an EIP-681 QR code of the
 * transfer that is due, the address and amount with copy buttons, and after a short transfer what
 * was received and what is still due, to the same address.
 */
export function depositPanel({ options }: Checkout) {
  const withDeposit = options.filter((o) => o.deposit);
  if (!withDeposit.length) return "";
  return html`<section class="stack" aria-labelledby="deposit-heading" data-testid="deposit-panel"><h2 id="deposit-heading" class="small merchant">Or send from an exchange or any wallet</h2>
<p class="xs muted">This address is this payment's alone: whatever arrives there pays it, in one transfer or several.</p>
${withDeposit.map((option, index) => depositOption(option, index === 0))}</section>`;
}

function depositOption(option: CheckoutOption, open: boolean) {
  const deposit = option.deposit!;
  return html`<details name="deposit-option" class="option"${open ? html` open` : ""} data-testid="deposit-option" data-asset="${option.asset}">
<summary><span><span class="medium">${option.assetSymbol}</span><span class="xs muted">on ${option.networkName}</span></span><span class="mono small" data-testid="deposit-due">${deposit.due}</span></summary>
<div class="option-body">${
    deposit.received &&
    html`<p class="small center" role="status" data-testid="deposit-still-due">Received <strong>${deposit.received}</strong>. Still due: <strong>${deposit.due}</strong>, to the same address.</p>`
  }${qrSvg(deposit.request.uri, `QR code to send ${deposit.due} on ${option.networkName} to this payment's deposit address`, "deposit-qr")}
<a href="${deposit.request.uri}" class="btn secondary wide" data-testid="deposit-open-in-wallet">Open the deposit in a wallet</a>
<p class="xs muted wide">Send <strong>${deposit.due}</strong> (${option.assetSymbol} on ${option.networkName} only) to <span class="mono break" data-testid="deposit-address">${deposit.address}</span></p>
<div class="copies wide" hidden data-copies><button type="button" class="copy" data-copy="${deposit.due.split(" ")[0]}">Copy amount</button><button type="button" class="copy" data-copy="${deposit.address}">Copy address</button></div></div></details>`;
}
