import "server-only";
import { merchantBrandingSelect, type MerchantBranding } from "@/lib/domain/branding/merchant-branding";
import { readAssetDisplay } from "@/lib/core/chain/asset-display";
import { chainIdOf, explorerTxUrl } from "@/lib/core/chain/chains";
import { db, withAttempt, type Mode } from "@/lib/core/db";
import { notFound } from "@/lib/core/errors/errors";
import { formatUnits, parseUnit } from "@/lib/core/money/money";
import { formatAmount } from "@/lib/core/money/format-amount";
import { checkoutException, type CheckoutException } from "@/lib/domain/receipts/exception-in-words";

export type Receipt = {
  mode: Mode;
  merchant: MerchantBranding & { email: string };
  referenceId: string;
  paymentId: string;
  /** "$10.50": what the payment asked for. */
  amount: string;
  /** When it was paid, or when the money that arrived wrongly was last dealt with. */
  paidAt: string;
  /** True once the payment succeeded; a receipt also exists for money that arrived wrongly. */
  succeeded: boolean;
  /** Money that arrived late, short, over or in another token, in words. */
  exception: CheckoutException | null;
  /** "10.5 USDC" on "Base". */
  paid: { amount: string; assetName: string; networkName: string } | null;
  /** The quote the buyer paid at: "1 USDC = 1.00 USD", and when it was given. */
  rate: string | null;
  quotedAt: string | null;
  txId: string | null;
  explorerUrl: string | null;
  refunds: { amount: string; status: string; createdAt: string; txId: string | null }[];
};

const tokenShape = /^[0-9A-Za-z]{32,64}$/;

/**
 * The receipt of a payment money reached (succeeded, or paid late, short or in another token),
 * found by its random token (the buyer's capability, like a payment id for its checkout: the one
 * lookup not scoped by account and mode). 404 for an unknown token and for a payment no money
 * reached: there is nothing to receipt.
 */
export async function getReceipt(token: string): Promise<Receipt> {
  const payment = tokenShape.test(token)
    ? await db().payment.findUnique({
        where: { receiptToken: token },
        include: {
          merchant: { select: { ...merchantBrandingSelect, email: true } },
          refunds: { orderBy: { createdAt: "asc" } },
          ...withAttempt,
        },
      })
    : null;
  if (!payment || (payment.status !== "succeeded" && !payment.exceptionType)) throw notFound("Receipt");
  const attempt = payment.attempt;
  const display = attempt ? await readAssetDisplay(attempt.asset) : null;
  const paidValue = payment.paidValue?.toFixed() ?? null;
  const live = payment.mode === "live" && payment.txId && attempt;
  return {
    mode: payment.mode,
    merchant: payment.merchant,
    referenceId: payment.referenceId,
    paymentId: payment.id,
    amount: formatAmount(payment.amountUnit, payment.amountValue.toFixed()),
    paidAt: (payment.finalizedAt ?? payment.updatedAt).toISOString(),
    succeeded: payment.status === "succeeded",
    exception: await checkoutException(payment),
    paid:
      display && paidValue
        ? {
            amount: `${formatUnits(paidValue, display.decimals)} ${display.assetSymbol}`,
            assetName: display.assetName,
            networkName: display.networkName ?? chainIdOf(attempt!.asset),
          }
        : null,
    rate:
      display && attempt
        ? quoteRate(payment.amountUnit, payment.amountValue.toFixed(), attempt.value.toFixed(), display)
        : null,
    quotedAt: attempt?.createdAt.toISOString() ?? null,
    txId: payment.txId,
    explorerUrl: live ? explorerTxUrl(chainIdOf(attempt!.asset), payment.txId!) : null,
    refunds: payment.refunds.map((r) => ({
      amount: formatAmount(r.amountUnit, r.amountValue.toFixed()),
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      txId: r.txId,
    })),
  };
}

/**
 * "1 USDC = 1.00 USD": the fiat price of one whole token in the quote (amount / quoted value),
 * in integers to six decimals. Null when the payment was priced in the asset itself.
 */
export function quoteRate(
  amountUnit: string,
  amountValue: string,
  optionValue: string,
  display: { decimals: number; assetSymbol: string },
): string | null {
  const unit = parseUnit(amountUnit);
  if (!unit.ok || unit.value.kind !== "fiat" || optionValue === "0") return null;
  const scaled =
    (BigInt(amountValue) * 10n ** BigInt(display.decimals) * 10n ** 6n) /
    (BigInt(optionValue) * 10n ** BigInt(unit.value.exponent));
  const [whole, fraction = ""] = formatUnits(scaled.toString(), 6).split(".");
  const shown =
    unit.value.exponent > 0 ? `${whole}.${fraction.padEnd(unit.value.exponent, "0")}` : (whole ?? "0");
  return `1 ${display.assetSymbol} = ${shown} ${unit.value.currency}`;
}
