import "server-only";
import { merchantBrandingSelect, type MerchantBranding } from "@/lib/domain/branding/merchant-branding";
import { cheapestNetworkFirst } from "@/lib/core/money/assets";
import { db, type Mode } from "@/lib/core/db";
import { gatewayAmount } from "@/lib/domain/gateway/amount";
import { formatUnits } from "@/lib/core/money/money";
import { formatAmount } from "@/lib/core/money/format-amount";
import { listPaymentOptions } from "@/lib/domain/payments/payment-options";
import { isFinalStatus } from "@/lib/domain/payments/lifecycle";
import { chainIdOf } from "@/lib/core/chain/chains";
import { depositAddressesOf } from "@/lib/domain/deposits/deposit-addresses";
import { depositShortfall } from "@/lib/domain/deposits/deposit-due";
import { receiptPath } from "@/lib/domain/receipts/receipt-path";
import { checkoutStatus, type CheckoutStatus } from "./checkout-status";
import { findCheckoutPayment } from "@/lib/domain/payments/find-checkout-payment";
import { checkoutRedirects, type CheckoutRedirects } from "./redirect-urls";
import { paymentRequest, type PaymentRequest } from "./payment-request";
import { solanaPayRequest, type SolanaPayRequest } from "@/lib/domain/chain/solana/solana-pay";
import { solanaPayReference } from "@/lib/core/chain/solana/solana-pay-reference";

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
  /** The payment's own deposit address on this option's chain (live EVM payments), for exchanges and wallets that only send. */
  deposit?: CheckoutDeposit | null;
  /** A live Solana option's Solana Pay transfer request (any Solana wallet or exchange); null otherwise. */
  solanaPay: SolanaPayRequest | null;
};

export type CheckoutDeposit = {
  address: string;
  /** The EIP-681 transfer of what is due to the deposit address. */
  request: PaymentRequest;
  /** "4 USDC": what is still due after a short transfer, else the whole amount. */
  due: string;
  /** "6 USDC" already received there, after a short transfer; null otherwise. */
  received: string | null;
};

export type Checkout = {
  paymentId: string;
  mode: Mode;
  /** The merchant's email is its contact of last resort, shown when it cannot be paid. */
  merchant: MerchantBranding & { email: string };
  referenceId: string;
  /** "$10.50" */
  amount: string;
  expiresAt: string;
  /** The server's clock when this was read, so the page counts down on server time. */
  readAt: number;
  status: CheckoutStatus;
  options: CheckoutOption[];
  redirects: CheckoutRedirects | null;
  /** The buyer's receipt page (shown once the payment succeeded); null for a payment made before receipts. */
  receiptUrl: string | null;
  /** Where a payment link's `returnUrl` may point: the merchant's allow-list and those of the account's active public apps in this mode. */
  returnOrigins: string[];
};

/** What the hosted checkout page shows for a payment link; 404 for an unknown or malformed id. */
export async function getCheckout(paymentId: string): Promise<Checkout> {
  const payment = await findCheckoutPayment(paymentId);
  const scope = { accountId: payment.accountId, mode: payment.mode };
  // A merchant deleted after the payment was made still names it.
  const { allowedReturnOrigins, ...merchant } = await db().merchant.findFirstOrThrow({
    where: { id: payment.merchantId, ...scope },
    select: { ...merchantBrandingSelect, email: true, allowedReturnOrigins: true },
  });
  const apps = await db().publicApp.findMany({
    where: { ...scope, revokedAt: null },
    select: { allowedReturnOrigins: true },
  });
  const options = await listPaymentOptions(db(), payment);
  const live = payment.mode === "live" && !isFinalStatus(payment.status);
  const [deposits, shortfall] = live
    ? await Promise.all([depositAddressesOf(payment.id), depositShortfall(payment.id)])
    : [[], null];
  return {
    paymentId: payment.id,
    mode: payment.mode,
    merchant,
    referenceId: payment.referenceId,
    amount: await buyerAmount(payment.amountUnit, payment.amountValue.toFixed()),
    expiresAt: payment.expiresAt.toISOString(),
    readAt: Date.now(),
    status: await checkoutStatus(payment),
    redirects: checkoutRedirects(payment),
    receiptUrl: payment.receiptToken ? receiptPath(payment.receiptToken) : null,
    returnOrigins: [...allowedReturnOrigins, ...apps.flatMap((app) => app.allowedReturnOrigins)],
    options: await Promise.all(
      cheapestNetworkFirst(options).map(async (option) => {
        // Named as wallets see it: a token Tollgate does not list is read from its chain (cached).
        const { display } = await gatewayAmount(`caip19/${option.asset}`, option.value);
        const chainId = chainIdOf(option.asset);
        const depositAt = deposits.find((d) => d.chainId === chainId)?.address;
        const short =
          shortfall && shortfall.asset.toLowerCase() === option.asset.toLowerCase() ? shortfall : null;
        const due = short?.due ?? option.value;
        const depositRequest = depositAt && paymentRequest(option.asset, `${chainId}:${depositAt}`, due);
        return {
          settlementId: option.settlementId,
          asset: option.asset,
          assetSymbol: display.assetSymbol,
          assetName: display.assetName,
          networkName: display.networkName ?? option.asset.split("/")[0]!,
          amount: inWholeUnits(option.value, display),
          request: paymentRequest(option.asset, option.destination, option.value),
          deposit: depositRequest
            ? {
                address: depositAt,
                request: depositRequest,
                due: inWholeUnits(due, display),
                received: short ? inWholeUnits(short.held, display) : null,
              }
            : null,
          solanaPay:
            payment.mode === "live"
              ? solanaPayRequest(
                  { ...option, decimals: display.decimals },
                  solanaPayReference(payment.id, option.settlementId),
                  { label: merchant.name, message: `Order ${payment.referenceId}` },
                )
              : null,
        };
      }),
    ),
  };
}

/** An amount as the buyer reads it: fiat in its currency, an asset in whole units of its symbol (read from its chain if Tollgate does not list it). */
async function buyerAmount(unit: string, value: string): Promise<string> {
  if (!unit.startsWith("caip19/")) return formatAmount(unit, value);
  return inWholeUnits(value, (await gatewayAmount(unit, value)).display);
}

const inWholeUnits = (value: string, display: { decimals: number; assetSymbol: string }) =>
  `${formatUnits(value, display.decimals)} ${display.assetSymbol}`;
