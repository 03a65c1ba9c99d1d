import "server-only";
import { chooseCheckoutOption } from "@/lib/platform/checkout/choose-option";
import { recordBridgeOutcome } from "@/lib/platform/checkout/record-outcome";
import {
  ChooseOptionBodySchema,
  ReportOutcomeBodySchema,
  SimulateCheckoutInputSchema,
  SubmitTransactionBodySchema,
} from "@/lib/domain/schemas/checkout";
import { simulateCheckout } from "@/lib/platform/checkout/simulate-checkout";
import { submitTransaction } from "@/lib/domain/payments/submit-transaction";
import {
  checkoutWalletConfirm,
  checkoutWalletOption,
  WalletConfirmBodySchema,
  WalletOptionsBodySchema,
} from "@/lib/platform/checkout/wallet-payment";
import { defineCheckoutPost, type AnyCheckoutPostRoute, type CheckoutRateLimit } from "./post-route";

// Anyone with a payment's link may post to its checkout routes, and a submitted hash makes the
// server read the chain. A buyer needs a handful of posts; twenty at once, then one every three
// seconds, per payment and address, is plenty for them and stops a script hammering one payment.
export const perPaymentAndSource: CheckoutRateLimit = {
  per: "payment_and_source",
  burst: 20,
  ratePerSecond: 1 / 3,
};

/** Every POST route of the hosted checkout, served by dispatchCheckoutPost. */
export const checkoutPostRoutes: AnyCheckoutPostRoute[] = [
  // The buyer opened a payment option on the checkout page.
  defineCheckoutPost({
    path: "option",
    origin: "checkout_page",
    rateLimit: perPaymentAndSource,
    body: ChooseOptionBodySchema,
    handler: ({ paymentId, body }) => chooseCheckoutOption(paymentId, body.settlementId),
  }),
  // Test mode's buyer buttons: succeed, fail, cancel or pay wrongly.
  defineCheckoutPost({
    path: "simulate",
    origin: "checkout_page",
    rateLimit: perPaymentAndSource,
    body: SimulateCheckoutInputSchema.omit({ paymentId: true }),
    handler: ({ ctx, paymentId, body }) => simulateCheckout(ctx, paymentId, body.outcome),
  }),
  // The page posted the payment's outcome to an embedding app's bridge.
  defineCheckoutPost({
    path: "outcome",
    origin: "checkout_page",
    rateLimit: perPaymentAndSource,
    body: ReportOutcomeBodySchema,
    handler: ({ paymentId, body }) => recordBridgeOutcome(paymentId, body),
  }),
  // A live buyer's browser wallet reports the hash of the transfer it sent.
  defineCheckoutPost({
    path: "transactions",
    origin: "checkout_page",
    rateLimit: perPaymentAndSource,
    body: SubmitTransactionBodySchema,
    handler: ({ ctx, paymentId, body, source }) => submitTransaction(ctx, paymentId, body, source),
  }),
  // A live buyer's connected wallet asks how to pay one option (a signature or a transaction).
  defineCheckoutPost({
    path: "wallet/options",
    origin: "checkout_page",
    rateLimit: perPaymentAndSource,
    body: WalletOptionsBodySchema,
    handler: ({ paymentId, body }) => checkoutWalletOption(paymentId, body),
  }),
  // The wallet performed the option's action: its signature or transaction hash confirms it.
  defineCheckoutPost({
    path: "wallet/confirm",
    origin: "checkout_page",
    rateLimit: perPaymentAndSource,
    body: WalletConfirmBodySchema,
    handler: ({ ctx, paymentId, body }) => checkoutWalletConfirm(ctx, paymentId, body),
  }),
];
