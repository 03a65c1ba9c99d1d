import "server-only";
import type { CheckoutOption } from "@/lib/platform/checkout/get-checkout";
import type { SolanaPayRequest } from "@/lib/domain/chain/solana/solana-pay";
import { html } from "./html";
import { qrSvg } from "./qr-svg";

/**
 * A live Solana option, paid from any Solana wallet or exchange: the Solana Pay transfer request
 * as a QR code and a link, and copy buttons (shown by the script where the clipboard works) for
 * the request itself, the address and the amount. The wallet adds the payment's reference key to
 * its transfer, which is how Tollgate knows the transfer is this payment's.
 */
export function solanaPayPanel(option: CheckoutOption, pay: SolanaPayRequest) {
  return html`${qrSvg(pay.uri, `Solana Pay QR code to pay ${option.amount} on ${option.networkName}`, "solana-pay-qr")}
<a href="${pay.uri}" class="btn primary wide" data-testid="open-in-wallet">Open in Solana wallet</a>
<p class="xs muted wide">Scan with any Solana wallet (Solana Pay), or send exactly <strong>${option.amount}</strong> on ${option.networkName} to <span class="mono break">${pay.recipient}</span>. Pay from the QR code or link so the transfer carries this payment's reference; a transfer without it is matched only after the merchant checks it.</p>
<div class="copies wide" hidden data-copies data-testid="solana-pay-copies"><button type="button" class="copy" data-copy="${pay.uri}">Copy payment request</button><button type="button" class="copy" data-copy="${pay.recipient}">Copy address</button><button type="button" class="copy" data-copy="${option.amount.split(" ")[0]}">Copy amount</button></div>`;
}
