// The hosted checkout page's one script (served by app/pay/assets): live status, countdown, the
// pay controls and the bridge post. The page is complete without it, only not live.
import type { FinalStatus } from "@/lib/core/bridge/outcome-message";
import type { PaymentStatusJson } from "@/lib/domain/schemas/payment";
import type { CheckoutStatus } from "@/lib/platform/checkout/checkout-status";
import { exceptionNotice } from "@/lib/platform/checkout/views/exception-notice";
import { renderOutcome, shopRedirectSeconds } from "@/lib/platform/checkout/views/outcome";
import { setUpBrowserWallet } from "./browser-wallet";
import { setUpCopyButtons } from "./copy-buttons";
import { startCountdown } from "./countdown";
import { watchStatus } from "./live-status";
import { setUpPaymentOptions } from "./payment-options";
import { outcomePoster, type BridgeHost } from "./post-outcome";
import { reportOutcome } from "./report-outcome";
import { setUpTestControls } from "./test-controls";
import { setUpWalletConnect } from "./walletconnect/pay-with-walletconnect";
import type { CheckoutData } from "@/lib/platform/checkout/views/page-data";

const dataElement = document.getElementById("checkout-data");
if (dataElement?.textContent) start(JSON.parse(dataElement.textContent) as CheckoutData);

function start(data: CheckoutData) {
  const post = outcomePoster(window as BridgeHost);
  const shopUrl = (status: FinalStatus) =>
    data.redirects && (status === "succeeded" ? data.redirects.success : data.redirects.error);
  // The bridge hears the outcome first; then the server learns an app got it (for the payment's
  // history), and the buyer goes where the merchant asked, if it did, once the outcome (with its
  // "Return to the shop" link) has been on screen long enough to read.
  const postOutcome = (status: FinalStatus) => {
    const bridges = post(status);
    if (bridges.length > 0) reportOutcome(data.paymentId, status, bridges);
    const url = shopUrl(status);
    if (url) setTimeout(() => window.location.assign(url), shopRedirectSeconds * 1000);
  };
  if (data.status.isFinal) return postOutcome(data.status.status as FinalStatus);

  // The pay controls live inside this element; its data-status shows them or the "being confirmed" note.
  const live = document.querySelector<HTMLElement>("[data-testid=payment-status]")!;
  let stopCountdown = () => {};
  // A wallet's own route answers the bare status object; the checkout's status route adds the rest.
  const show = (reported: PaymentStatusJson & Partial<CheckoutStatus>) => {
    const status = {
      ...reported,
      exception: reported.exception ?? null,
      droppedFrom: reported.droppedFrom ?? null,
    };
    if (!status.isFinal) {
      live.dataset.status = status.status;
      const notice = live.querySelector("[data-testid=exception-notice]");
      if (notice && status.exception)
        notice.outerHTML = exceptionNotice(status.exception, data.merchantName, data.receiptUrl).value;
      return;
    }
    stopCountdown();
    live.outerHTML = renderOutcome({
      status,
      amount: data.amount,
      merchantName: data.merchantName,
      returnUrl: data.returnUrl,
      receiptUrl: data.receiptUrl,
      shopUrl: shopUrl(status.status as FinalStatus),
    }).value;
    postOutcome(status.status as FinalStatus);
  };

  const status = watchStatus(data.paymentId, data.status, show);
  const countdown = document.querySelector<HTMLElement>("[data-testid=countdown]");
  if (countdown) stopCountdown = startCountdown(countdown, data.expiresAt, data.serverNow, status.refresh);
  setUpTestControls(data.paymentId, status);
  setUpPaymentOptions(data.paymentId);
  setUpCopyButtons();
  setUpBrowserWallet(data.paymentId, data.walletOptions, status);
  if (data.walletConnect) setUpWalletConnect(data.paymentId, data.walletOptions, data.walletConnect, status);
}
