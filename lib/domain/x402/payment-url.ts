import "server-only";
import {
  decodePaymentSignatureHeader,
  encodePaymentRequiredHeader,
  encodePaymentResponseHeader,
} from "@x402/core/http";
import { getAddress } from "viem";
import { parseAssetId } from "@/lib/core/caip/caip";
import { chainIdOf } from "@/lib/core/chain/chains";
import { findCheckoutPayment } from "@/lib/domain/payments/find-checkout-payment";
import { publicBaseUrl } from "@/lib/core/config/env";
import { db, type Payment } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { gaslessDomain } from "@/lib/domain/gateway/eip3009";
import { quoteLifetimeMs } from "@/lib/domain/gateway/options";
import { requirePayable } from "@/lib/domain/gateway/payable";
import { formatAmount } from "@/lib/core/money/format-amount";
import { listPaymentOptions } from "@/lib/domain/payments/payment-options";
import { serializeStatus } from "@/lib/domain/payments/serialize";
import { X402PaymentPayloadSchema } from "@/lib/domain/schemas/x402";
import type { Network, PaymentRequirements, SettleResponse } from "@x402/core/types";
import { verifyExactPayment } from "./exact-evm";
import { reasons, type Refusal } from "./reasons";
import { alreadySettled, claimAuthorization, isClaimTaken, settleClaimed } from "./settle";

// Every payment's x402Url: an agent GETs it and is answered 402 with the payment's requirements (one
// per gasless way the merchant can be paid, bounded by the payment's expiry), signs one with
// @x402/fetch or any x402 client, and GETs it again with PAYMENT-SIGNATURE; Tollgate settles it as
// the payment's gateway option and answers the payment's status with PAYMENT-RESPONSE. The payment id
// in the path is the capability, as for the hosted checkout.

export function x402Url(paymentId: string): string {
  return `${publicBaseUrl()}/pay/${paymentId}/x402`;
}

export type X402Answer = { status: number; headers: Record<string, string>; body: unknown };

const exposed = { "Access-Control-Expose-Headers": "PAYMENT-REQUIRED, PAYMENT-RESPONSE" };

export async function answerX402Url(paymentId: string, paymentHeader: string | null): Promise<X402Answer> {
  const payment = await findCheckoutPayment(paymentId);
  if (payment.status !== "requires_action") return paymentIs(payment);
  const accepts = await requirementsOf(payment);
  if (accepts.length === 0)
    throw new AppError(
      "invalid_state",
      "This payment cannot be paid over x402: none of its merchant's settlements is a token Tollgate relays.",
      { status: payment.status },
    );
  const merchant = await db().merchant.findUniqueOrThrow({
    where: { id: payment.merchantId },
    select: { name: true },
  });
  const resource = {
    url: x402Url(payment.id),
    description: `${formatAmount(payment.amountUnit, payment.amountValue.toFixed())} to ${merchant.name} (${payment.referenceId})`,
    mimeType: "application/json",
  };
  const required = (
    refusal: Pick<Refusal, "reason" | "message"> | null,
    status = 402,
    response?: SettleResponse,
  ): X402Answer => {
    const body = {
      x402Version: 2,
      error: refusal?.reason ?? "PAYMENT-SIGNATURE header is required",
      resource,
      accepts,
    };
    const headers: Record<string, string> = {
      ...exposed,
      "PAYMENT-REQUIRED": encodePaymentRequiredHeader(body),
    };
    if (response) headers["PAYMENT-RESPONSE"] = encodePaymentResponseHeader(response);
    return { status, headers, body: refusal ? { ...body, message: refusal.message } : body };
  };
  if (!paymentHeader) return required(null);

  const decoded = X402PaymentPayloadSchema.safeParse(decode(paymentHeader));
  if (!decoded.success)
    return required(
      { reason: reasons.payload, message: "PAYMENT-SIGNATURE must be a base64 JSON x402 PaymentPayload." },
      400,
    );
  const payload = decoded.data;
  const requirement =
    accepts.find(
      (a) =>
        a.network === payload.accepted.network &&
        a.asset.toLowerCase() === payload.accepted.asset.toLowerCase(),
    ) ?? accepts[0]!;
  const scope = { accountId: payment.accountId, mode: payment.mode };
  const settlements = await db().cryptoSettlement.findMany({
    where: { merchantId: payment.merchantId, ...scope },
  });
  const verified = await verifyExactPayment(scope, payload, requirement, settlements);
  if (!verified.ok) return required(verified);

  let optionId: string;
  try {
    optionId = await db().$transaction(async (tx) => {
      const fresh = await tx.payment.findUniqueOrThrow({ where: { id: payment.id } });
      requirePayable(fresh);
      return claimAuthorization(
        tx,
        fresh,
        verified,
        { url: resource.url, description: resource.description },
        "buyer",
      );
    });
  } catch (error) {
    if (isClaimTaken(error)) return required(alreadySettled(verified.payer));
    // Paid, cancelled or expired in the meantime: say what it is now.
    if (
      error instanceof AppError &&
      (error.code === "invalid_state" || error.code === "payment_expired" || error.code === "conflict")
    )
      return paymentIs(await findCheckoutPayment(payment.id));
    throw error;
  }
  const settled = await settleClaimed(scope, payment, optionId, verified, "buyer");
  if (settled.ok) {
    const response: SettleResponse = {
      success: true,
      transaction: settled.transaction,
      network: settled.network as Network,
      payer: settled.payer,
    };
    return {
      status: 200,
      headers: { ...exposed, "PAYMENT-RESPONSE": encodePaymentResponseHeader(response) },
      body: await serializeStatus(settled.payment),
    };
  }
  if (settled.payment && settled.payment.status !== "requires_action") return paymentIs(settled.payment);
  return required(settled, 402, {
    success: false,
    errorReason: settled.reason,
    transaction: "",
    network: verified.network as Network,
    payer: verified.payer,
  });
}

/** A payment no one may pay (again): its status, 200 while paid or being paid, 410 once it cannot be. */
async function paymentIs(payment: Payment): Promise<X402Answer> {
  const gone = payment.status === "expired" || payment.status === "cancelled" || payment.status === "failed";
  return { status: gone ? 410 : 200, headers: {}, body: await serializeStatus(payment) };
}

/** One `exact` requirement per merchant settlement Tollgate can relay, valid until the quote or the payment expires. */
async function requirementsOf(payment: Payment): Promise<PaymentRequirements[]> {
  const maxTimeoutSeconds = Math.floor(
    (Math.min(payment.expiresAt.getTime(), Date.now() + quoteLifetimeMs) - Date.now()) / 1000,
  );
  if (maxTimeoutSeconds < 10) return [];
  const accepts: PaymentRequirements[] = [];
  for (const option of await listPaymentOptions(db(), payment)) {
    const asset = parseAssetId(option.asset);
    const domain =
      asset.ok && asset.value.assetNamespace === "erc20"
        ? await gaslessDomain(payment.mode, option.asset)
        : null;
    if (!asset.ok || !domain) continue;
    accepts.push({
      scheme: "exact",
      network: chainIdOf(option.asset) as Network,
      amount: option.value,
      asset: getAddress(asset.value.assetReference),
      payTo: getAddress(option.destination.split(":").pop()!),
      maxTimeoutSeconds,
      extra: { name: domain.name, version: domain.version },
    });
  }
  return accepts;
}

function decode(header: string): unknown {
  try {
    return decodePaymentSignatureHeader(header);
  } catch {
    return null;
  }
}
