import "server-only";
import { db, type Mode } from "@/lib/db";
import { formatAmount, formatAssetAmount } from "@/lib/payments/format-amount";
import { listPaymentOptions } from "@/lib/payments/payment-options";
import { serializeStatus } from "@/lib/payments/serialize";
import type { PaymentStatusJson } from "@/lib/schemas/payment";
import { findCheckoutPayment } from "./find-payment";
import { assetLabel } from "./asset-label";
import { checkoutRedirects, type CheckoutRedirects } from "./redirect-urls";
import { paymentRequest, type PaymentRequest } from "./payment-request";

export type CheckoutOption = {
  settlementId: string;
  asset: string;
  assetSymbol: string;
  assetName: string;
  networkName: string;
  /** "10.5 USDC" */
  amount: string;
  /** How a wallet is asked to pay it; null for an asset no EVM wallet request can express. */
  request: PaymentRequest | null;
};

export type Checkout = {
  paymentId: string;
  mode: Mode;
  merchant: { name: string; iconUrl: string | null };
  referenceId: string;
  /** "$10.50" */
  amount: string;
  expiresAt: string;
  /** The server's clock when this was read, so the page counts down on server time. */
  readAt: number;
  status: PaymentStatusJson;
  options: CheckoutOption[];
  redirects: CheckoutRedirects | null;
};

/** What the hosted checkout page shows for a payment link; 404 for an unknown or malformed id. */
export async function getCheckout(paymentId: string): Promise<Checkout> {
  const payment = await findCheckoutPayment(paymentId);
  const scope = { accountId: payment.accountId, mode: payment.mode };
  // A merchant deleted after the payment was made still names it.
  const merchant = await db().merchant.findFirstOrThrow({ where: { id: payment.merchantId, ...scope }, select: { name: true, iconUrl: true } });
  const options = await listPaymentOptions(db(), payment);
  return {
    paymentId: payment.id,
    mode: payment.mode,
    merchant,
    referenceId: payment.referenceId,
    amount: formatAmount(payment.amountUnit, payment.amountValue.toFixed()),
    expiresAt: payment.expiresAt.toISOString(),
    readAt: Date.now(),
    status: serializeStatus(payment),
    redirects: checkoutRedirects(payment),
    options: options.map((option) => {
      const label = assetLabel(option.asset);
      return {
        settlementId: option.settlementId,
        asset: option.asset,
        assetSymbol: label.symbol,
        assetName: label.name,
        networkName: label.networkName,
        amount: formatAssetAmount(option.asset, option.value),
        request: paymentRequest(option.asset, option.destination, option.value),
      };
    }),
  };
}
