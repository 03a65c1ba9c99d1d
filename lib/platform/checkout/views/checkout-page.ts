import "server-only";
import type { CheckoutData, WalletConnectSetup } from "./page-data";
import { formatRemaining } from "@/lib/platform/checkout/views/format-remaining";
import type { Checkout, CheckoutOption } from "@/lib/platform/checkout/get-checkout";
import { html, jsonForScript } from "@/lib/platform/checkout/views/html";
import { checkoutDocument } from "./document";
import { testModeBanner } from "./test-mode-banner";
import { accentCss, merchantBadge, supportLine } from "./merchant-header";
import { exceptionNotice } from "./exception-notice";
import { renderOutcome } from "./outcome";
import { qrSvg } from "./qr-svg";
import { solanaPayPanel } from "./solana-pay-panel";

type PageContext = {
  returnUrl: string | null;
  nonce: string;
  scriptSrc: string;
  walletConnect?: WalletConnectSetup | null;
};

/**
 * The hosted checkout page, whole, as the server renders it: readable without JavaScript (amount,
 * status, options and their QR codes); the script in `scriptSrc` makes it live.
 */
export function renderCheckoutPage(
  checkout: Checkout,
  { returnUrl, nonce, scriptSrc, walletConnect }: PageContext,
): string {
  const { merchant, status } = checkout;
  const data: CheckoutData = {
    paymentId: checkout.paymentId,
    status,
    expiresAt: checkout.expiresAt,
    serverNow: checkout.readAt,
    amount: checkout.amount,
    merchantName: merchant.name,
    returnUrl,
    receiptUrl: checkout.receiptUrl,
    walletOptions: checkout.options.flatMap((o) =>
      o.request
        ? [
            {
              settlementId: o.settlementId,
              networkName: o.networkName,
              chainId: o.request.transaction.chainId,
            },
          ]
        : [],
    ),
    walletConnect: walletConnect ?? null,
    redirects: checkout.redirects,
  };
  const body = html`${checkout.mode === "test" && testModeBanner("TEST MODE · no real money moves")}
<main class="wrap"><div class="card">${header(checkout)}
${status.isFinal ? renderOutcome({ status, amount: checkout.amount, merchantName: merchant.name, returnUrl, receiptUrl: checkout.receiptUrl, shopUrl: shopUrl(checkout) }) : live(checkout, Boolean(data.walletConnect))}
${payable(checkout) && supportLine(merchant)}</div><p class="footnote">Payments by Tollgate</p></main>
<script type="application/json" id="checkout-data">${jsonForScript(data)}</script>`;
  return checkoutDocument({
    title: `Pay ${merchant.name} · Tollgate`,
    nonce,
    body,
    css: accentCss(merchant),
    script: html`<script defer nonce="${nonce}" src="${scriptSrc}"></script>`,
  });
}

/**
 * Whether a buyer has a way to pay: a live payment with no option shows whom to ask instead, and no
 * countdown running towards nothing. Test mode's simulator can always end the payment.
 */
const payable = (checkout: Checkout) => checkout.mode === "test" || checkout.options.length > 0;

/** The merchant's page for this outcome, when it set checkout URLs on the payment. */
const shopUrl = ({ redirects, status }: Checkout) =>
  redirects && (status.status === "succeeded" ? redirects.success : redirects.error);

function header({ merchant, referenceId, amount }: Checkout) {
  return html`<header class="head">${merchantBadge(merchant)}<h1 class="amount" data-testid="payment-amount">${amount}</h1><p class="ref">Order ${referenceId}</p></header>`;
}

/** A payment still open: its pay controls while it waits for the buyer, a note while a transfer is confirmed. */
function live(checkout: Checkout, walletConnect: boolean) {
  const { status } = checkout;
  return html`<div data-testid="payment-status" data-status="${status.status}">
${exceptionNotice(status.exception, checkout.merchant.name, checkout.receiptUrl)}
<div class="awaiting">${payable(checkout) && html`<p class="waiting small muted"><span>Waiting for payment · expires in</span><span data-testid="countdown" class="mono">${formatRemaining(Date.parse(checkout.expiresAt) - checkout.readAt)}</span></p>`}
${liveOptions(checkout, walletConnect)}${checkout.mode === "test" && simulatorPanel()}</div>
<p class="pending small" role="status">Your payment was seen and is being confirmed. This page updates by itself; you do not need to pay again.</p>
</div>`;
}

/**
 * Test mode's simulator, beside (never instead of) the buyer's real controls above it: a marked
 * panel that a live buyer never sees, ending the payment in any way a real one can end.
 */
function simulatorPanel() {
  return html`<section class="stack simulator" aria-labelledby="simulator-title" data-test-controls data-testid="simulator"><h2 id="simulator-title" class="small medium">Simulator · test mode only</h2><p class="xs muted">Buyers never see this panel. End this test payment as a real one could end:</p>
<button type="button" class="btn primary" data-outcome="succeeded">Simulate success</button>
<button type="button" class="btn secondary" data-outcome="failed">Simulate failure</button>
<button type="button" class="btn secondary" data-outcome="cancelled">Cancel payment</button>
<details class="option"><summary class="small">Test a payment gone wrong</summary><div class="option-body stack">${wrongOutcomes.map(
    ([outcome, label]) =>
      html`<button type="button" class="btn secondary wide" data-outcome="${outcome}">${label}</button>`,
  )}</div></details></section>`;
}

/** The scenario simulator's ways of paying wrongly; the page then says what the buyer would be told. */
const wrongOutcomes = [
  ["underpaid", "Underpay (half the amount)"],
  ["overpaid", "Overpay (twice the amount)"],
  ["paid_late", "Pay after expiry"],
  ["wrong_asset", "Send the wrong token"],
  ["reorged", "Confirm, then reorganise out"],
] as const;

function liveOptions(checkout: Checkout, walletConnect: boolean) {
  const { merchant, options, mode } = checkout;
  if (options.length === 0)
    return html`<div class="stack" data-testid="no-payment-option"><p class="center small muted">${merchant.name} cannot take payment for this amount yet. Please contact them.</p>${supportLine(merchant, merchant.email)}</div>`;
  // After part of the amount arrived at a deposit address, only topping that address up pays the
  // rest: any other option, or a wallet asked for the whole amount, would make the buyer pay twice.
  const topUp = options.filter((option) => option.deposit?.received);
  const payable = topUp.length ? topUp : options;
  const heading = topUp.length ? "Send the rest" : "Choose how to pay";
  return html`<section class="stack" aria-label="${heading}"><h2 class="small merchant">${heading}</h2>${payable.map((option, index) => paymentOption(option, index === 0, walletConnect && !topUp.length, mode, !topUp.length))}</section>`;
}

/**
 * One way to pay, in an exclusive disclosure: its QR code, an "Open in wallet" link, WalletConnect
 * and browser-wallet buttons (shown by the script when they can work), exact instructions.
 */
function paymentOption(
  option: CheckoutOption,
  open: boolean,
  walletConnect: boolean,
  mode: Checkout["mode"],
  browserWallet = true,
) {
  const transfer = transferOf(option);
  return html`<details name="payment-option" class="option"${open ? html` open` : ""} data-testid="payment-option" data-asset="${option.asset}" data-settlement-id="${option.settlementId}">
<summary><span><span class="medium">${option.assetSymbol}</span><span class="xs muted">on ${option.networkName}</span></span><span class="mono small">${transfer?.amount ?? option.amount}</span></summary>
<div class="option-body">${
    transfer
      ? html`${option.deposit?.received && html`<p class="small center" role="status" data-testid="deposit-still-due">Received <strong>${option.deposit.received}</strong>. Still due: <strong>${option.deposit.due}</strong>, to the same address.</p>`}${qrSvg(transfer.uri, `QR code to pay ${transfer.amount} on ${option.networkName}`, "payment-qr")}
<a href="${transfer.uri}" class="btn primary wide" data-testid="open-in-wallet">Open in wallet</a>
${walletConnect && html`<div class="stack wide" data-walletconnect="${option.settlementId}" hidden><button type="button" class="btn secondary wide">Pay with WalletConnect</button></div>`}
${browserWallet && html`<div class="stack wide" data-wallet="${option.settlementId}" hidden><button type="button" class="btn secondary wide">Pay with browser wallet</button></div>`}
${option.deposit ? depositInstructions(transfer, option.networkName) : html`<p class="xs muted wide">Or send exactly <strong>${transfer.amount}</strong> on ${option.networkName} to <span class="mono break">${transfer.recipient}</span>. Other amounts, tokens or networks are not matched to this payment.</p>`}
${mode === "test" && testTransferNote}
<div class="copies wide" hidden data-copies><button type="button" class="copy" data-copy="${transfer.amount.split(" ")[0]}">Copy amount</button><button type="button" class="copy" data-copy="${transfer.recipient}">Copy address</button></div>`
      : option.solanaPay
        ? solanaPayPanel(option, option.solanaPay)
        : html`<p class="small muted">This option cannot be paid from this page. Choose another one.</p>`
  }</div></details>`;
}

type Transfer = { uri: string; recipient: string; amount: string };

/**
 * The plain transfer an option's QR code, link, instructions and copy buttons ask for: to the
 * payment's own deposit address, of what is still due there, when it has one on this chain (a
 * transfer there is this payment's, whoever sends it; one to the merchant's shared wallet cannot be
 * told apart from anyone else's); else the whole amount to the merchant's wallet. The wallet buttons
 * pay through the Gateway by settlement, not to this recipient.
 */
function transferOf({ request, deposit, amount }: CheckoutOption): Transfer | null {
  if (deposit) return { uri: deposit.request.uri, recipient: deposit.request.recipient, amount: deposit.due };
  return request && { uri: request.uri, recipient: request.recipient, amount };
}

/** For a buyer sending from an exchange, which may split a withdrawal or send less than asked. */
function depositInstructions(transfer: Transfer, networkName: string) {
  return html`<p class="xs muted wide">Or send exactly <strong>${transfer.amount}</strong> on ${networkName}, from an exchange or any wallet, to <span class="mono break" data-testid="deposit-address">${transfer.recipient}</span>. This address is this payment's alone: whatever arrives there pays it, in one transfer or several. Other tokens or networks are not matched to this payment.</p>`;
}

/**
 * Test mode shows the real QR code and address, so a merchant sees what buyers will; a real transfer
 * to it is not watched, which a tester must know before scanning it with a funded wallet.
 */
const testTransferNote = html`<p class="xs note wide" data-testid="test-transfer-note"><strong>Test mode:</strong> do not send real funds to this address; nothing sent to it is watched. Pay with a browser wallet or WalletConnect (your wallet only signs; nothing is submitted) or use the simulator below.</p>`;
