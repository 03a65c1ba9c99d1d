import { findKnownAsset, networkName } from "@/lib/assets";
import type { Payment } from "@/lib/db";
import { publicBaseUrl } from "@/lib/env";
import type { ExceptionType, PaymentJson, PaymentStatusJson } from "@/lib/schemas/payment";
import { isFinalStatus, pollHintMs } from "./lifecycle";

export function gatewayUrl(paymentId: string): string {
  return `${publicBaseUrl()}/pay/${paymentId}`;
}

/** `info` of the status object: what was paid and how, once the payment has succeeded. */
export function paymentInfo(p: Payment): PaymentStatusJson["info"] {
  if (p.status !== "succeeded" || !p.txId || !p.optionAsset || p.paidValue === null) return null;
  const asset = findKnownAsset(p.optionAsset);
  const chainId = p.optionAsset.split("/")[0] ?? "";
  const display = {
    assetSymbol: asset?.symbol ?? p.optionAsset.split(":").pop()!.slice(0, 10),
    assetName: asset?.name ?? p.optionAsset,
    decimals: asset?.decimals ?? 0,
    networkName: networkName(chainId),
  };
  return { txId: p.txId, optionAmount: { unit: `caip19/${p.optionAsset}`, value: p.paidValue.toFixed(), display }, display };
}

export function serializeStatus(p: Payment): PaymentStatusJson {
  return { status: p.status, isFinal: isFinalStatus(p.status), pollInMs: pollHintMs(p.status), info: paymentInfo(p) };
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
