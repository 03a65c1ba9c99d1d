import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { configuredChains } from "@/lib/core/chain/chains";
import { relayerKeyEnv } from "@/lib/core/config/env";
import { db, type Payment } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { getMerchant } from "@/lib/domain/merchants/get-merchant";
import { knownAssets } from "@/lib/core/money/assets";
import { createPayment } from "@/lib/domain/payments/create-payment";
import { transitionPayment } from "@/lib/domain/payments/transition";
import { relayerAccount } from "@/lib/domain/gateway/relay";
import type { X402PaymentPayload, X402Requirements, X402SettleResponse } from "@/lib/domain/schemas/x402";
import type { Scope } from "@/lib/core/tenancy/scope";
import { verifyExactPayment } from "./exact-evm";
import { reasons, refuse } from "./reasons";
import { alreadySettled, claimAuthorization, isClaimTaken, settleClaimed, type Settlement } from "./settle";

// Tollgate as a merchant's x402 facilitator (x402 v2, section 7): its paywall middleware sends each
// paid request's payment here. The payee must be one of the Merchant-Id merchant's destinations, and
// a settled payment is an ordinary Tollgate payment of that merchant, paid through the gateway.

type Request = {
  x402Version: number;
  paymentPayload: X402PaymentPayload;
  paymentRequirements: X402Requirements;
};

async function verifyForMerchant(scope: Scope, merchantId: string, request: Request) {
  await getMerchant(db(), scope, merchantId).catch(() => {
    throw new AppError(
      "merchant_not_found",
      "Merchant not found: the Merchant-Id header names no merchant of this account and mode.",
    );
  });
  if (request.x402Version !== 2) return refuse(reasons.version, "Tollgate speaks x402 version 2.");
  const settlements = await db().cryptoSettlement.findMany({
    where: { merchantId, accountId: scope.accountId, mode: scope.mode },
  });
  return verifyExactPayment(scope, request.paymentPayload, request.paymentRequirements, settlements);
}

export async function verifyX402(scope: Scope, merchantId: string, request: Request) {
  const verified = await verifyForMerchant(scope, merchantId, request);
  return verified.ok
    ? { isValid: true, payer: verified.payer }
    : {
        isValid: false,
        invalidReason: verified.reason,
        invalidMessage: verified.message,
        ...(verified.payer ? { payer: verified.payer } : {}),
      };
}

/**
 * Verifies, then makes the merchant's payment of exactly the authorized amount and settles it: the
 * payment, the claim of the authorization and its option are written in one transaction, so of two
 * settles of one payment header (on any instances) one pays and the other is refused. A settlement
 * that sent nothing fails its payment, whose timeline says why.
 */
export async function settleX402(
  ctx: CallContext,
  merchantId: string,
  request: Request,
): Promise<X402SettleResponse> {
  const { scope, actor } = ctx;
  const network = request.paymentRequirements.network;
  const verified = await verifyForMerchant(scope, merchantId, request);
  if (!verified.ok) return settleAnswer(network, verified);
  const resource = request.paymentPayload.resource;
  let created: { payment: Payment; optionId: string };
  try {
    created = await db().$transaction(async (tx) => {
      const { payment } = await createPayment({ tx, scope, actor }, merchantId, {
        referenceId: (resource?.url ?? `x402 ${verified.authorization.nonce}`).slice(0, 255),
        amount: {
          unit: `caip19/${verified.settlement.asset}`,
          value: verified.authorization.value.toString(),
        },
        expiresAt: undefined,
        checkout: undefined,
        buyerEmail: undefined,
      });
      return {
        payment,
        optionId: await claimAuthorization(
          tx,
          payment,
          verified,
          { url: resource?.url ?? null, description: resource?.description ?? null },
          actor,
        ),
      };
    });
  } catch (error) {
    if (isClaimTaken(error)) return settleAnswer(network, alreadySettled(verified.payer));
    throw error;
  }
  const settled = await settleClaimed(scope, created.payment, created.optionId, verified, actor);
  if (!settled.ok && settled.reason !== reasons.pending && settled.payment?.status === "requires_action") {
    const open = settled.payment;
    await db().$transaction((tx) =>
      transitionPayment(tx, open, "failed", {
        actor,
        data: { reason: settled.message },
        patch: { failureReason: settled.message },
        allowOverdue: true,
      }),
    );
  }
  return settleAnswer(network, settled);
}

function settleAnswer(network: string, settled: Settlement): X402SettleResponse {
  const extra = settled.payment ? { extra: { paymentId: settled.payment.id } } : {};
  if (settled.ok)
    return {
      success: true,
      transaction: settled.transaction,
      network,
      payer: settled.payer,
      amount: settled.payment.attempt?.value.toFixed(),
      ...extra,
    };
  return {
    success: false,
    errorReason: settled.reason,
    errorMessage: settled.message,
    transaction: "",
    network,
    ...(settled.payer ? { payer: settled.payer } : {}),
    ...extra,
  };
}

/** The networks Tollgate settles `exact` payments on in this mode, and the relayer that pays the gas on each. */
export function supportedX402(scope: Scope) {
  const networks =
    scope.mode === "test"
      ? [...new Set(knownAssets.filter((a) => a.eip3009).map((a) => a.chainId))]
      : configuredChains()
          .map((c) => c.id)
          .filter((id) => relayerKeyEnv[id]);
  const signers =
    scope.mode === "test"
      ? {}
      : Object.fromEntries(networks.map((network) => [network, [relayerAccount(network)!.address]]));
  return {
    kinds: networks.map((network) => ({ x402Version: 2, scheme: "exact", network })),
    extensions: [],
    signers,
  };
}
