import { assetDisplay, readAssetDisplay } from "@/lib/core/chain/asset-display";
import type { Payment } from "@/lib/core/db";
import { publicBaseUrl } from "@/lib/core/config/env";
import type { ExceptionType, PaymentJson, PaymentStatusJson } from "@/lib/domain/schemas/payment";
import { isFinalStatus, pollHintMs } from "./lifecycle";

export function gatewayUrl(paymentId: string): string {
  return `${publicBaseUrl()}/pay/${paymentId}`;
}

/**
 * `info` of the status object: what was paid and how, once the payment has succeeded. `display`
 * defaults to what this process already knows of the asset (serializeStatus reads it first).
 */
export function paymentInfo(
  p: Payment,
  display = p.optionAsset ? assetDisplay(p.optionAsset) : null,
): PaymentStatusJson["info"] {
  if (!isPaid(p) || !display) return null;
  return {
    txId: p.txId,
    optionAmount: { unit: `caip19/${p.optionAsset}`, value: p.paidValue.toFixed(), display },
    display,
  };
}

const isPaid = (
  p: Payment,
): p is Payment & { txId: string; optionAsset: string; paidValue: NonNullable<Payment["paidValue"]> } =>
  p.status === "succeeded" && Boolean(p.txId) && Boolean(p.optionAsset) && p.paidValue !== null;

/** The status object; a token the registry does not list is named as its contract names itself. */
export async function serializeStatus(p: Payment): Promise<PaymentStatusJson> {
  const info = isPaid(p) ? paymentInfo(p, await readAssetDisplay(p.optionAsset)) : null;
  return { status: p.status, isFinal: isFinalStatus(p.status), pollInMs: pollHintMs(p.status), info };
}

export function serializePayment(p: Payment): PaymentJson {
  return {
    id: p.id,
    merchantId: p.merchantId,
    referenceId: p.referenceId,
    amount: { unit: p.amountUnit, value: p.amountValue.toFixed() },
    status: p.status,
    isFinal: isFinalStatus(p.status),
    gatewayUrl: gatewayUrl(p.id),
    expiresAt: p.expiresAt.toISOString(),
    createdAt: p.createdAt.toISOString(),
    info: paymentInfo(p),
    exception: paymentException(p),
  };
}

export function paymentException(p: Payment): PaymentJson["exception"] {
  if (!p.exceptionType || !p.exceptionAsset || p.exceptionReceived === null) return null;
  return {
    type: p.exceptionType as ExceptionType,
    asset: p.exceptionAsset,
    expected: p.exceptionExpected?.toFixed() ?? null,
    received: p.exceptionReceived.toFixed(),
    txId: p.exceptionTxHash,
    resolution: p.exceptionResolution as NonNullable<PaymentJson["exception"]>["resolution"],
    resolvedAt: p.exceptionResolvedAt?.toISOString() ?? null,
  };
}
