// What the buyer is told about money that arrived wrongly (late, short, over, in another token):
// what arrived, what it means for this payment, and what the merchant does about it. Never "pay
// again" for money that arrived. Rendered by the server and by the client script as statuses move.
import type { CheckoutException } from "@/lib/platform/checkout/checkout-status";
import { html } from "@/lib/platform/checkout/views/html";

const closed = (merchantName: string) =>
  `${merchantName} has closed this without a refund through Tollgate; contact them with any question.`;

/** The sentences about the exception; `open` when the payment still waits for payment. */
export function exceptionText(e: CheckoutException, merchantName: string, open: boolean): string {
  const { received, expected, difference, resolution } = e;
  switch (e.type) {
    case "underpaid":
      if (resolution === "within_tolerance")
        return `${received} arrived, ${difference} short of ${expected}, which is within what ${merchantName} accepts: nothing more is due.`;
      if (resolution === "accepted")
        return `${merchantName} accepted the ${received} that arrived as payment in full.`;
      return `${received} arrived: ${difference} short of the ${expected} due. ${
        resolution === "refunded"
          ? `${merchantName} has refunded it to the wallet it came from.`
          : resolution === "dismissed"
            ? closed(merchantName)
            : `${merchantName} can accept what arrived as payment or refund it. A second transfer is not added to the first, so contact them rather than sending the difference.`
      }`;
    case "overpaid":
      return `You sent ${received}, ${difference} more than the ${expected} due. ${
        resolution === "refunded"
          ? `${merchantName} has refunded the ${difference} excess to the wallet it came from.`
          : resolution === "dismissed"
            ? closed(merchantName)
            : `${merchantName} refunds the ${difference} excess to the wallet it came from.`
      }`;
    case "paid_late":
      return `Your ${received} arrived after this payment had expired, so it was not applied automatically. ${
        resolution === "refunded"
          ? `${merchantName} has refunded it to the wallet it came from.`
          : resolution === "dismissed"
            ? closed(merchantName)
            : `${merchantName} has been told and will either accept it or refund it to you.`
      } Do not pay again.`;
    case "wrong_asset":
      return `A transfer in another token arrived (${received} on ${e.networkName}). It does not pay this payment. ${
        resolution === "refunded"
          ? `${merchantName} has returned it to you.`
          : resolution === "dismissed"
            ? closed(merchantName)
            : `${merchantName} has been told and can return it to you.`
      }${open ? " This payment still waits for the amount above, in one of the ways below." : ""}`;
  }
}

export function receiptLink(receiptUrl: string | null) {
  return (
    receiptUrl &&
    html`<a href="${receiptUrl}" class="btn secondary wide" data-testid="receipt-link">View receipt</a>`
  );
}

/** The note above an open payment's pay controls when money already arrived wrongly. */
export function exceptionNotice(
  e: CheckoutException | null,
  merchantName: string,
  receiptUrl: string | null,
) {
  return html`<div data-testid="exception-notice" class="stack"${e ? "" : html` hidden`}>${
    e &&
    html`<p class="note small" role="status">${exceptionText(e, merchantName, true)}</p>${receiptLink(receiptUrl)}`
  }</div>`;
}
