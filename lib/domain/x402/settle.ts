import "server-only";
import type { Hex } from "viem";
import { getChain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import { db, Prisma, type DbOrTx, type Payment } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { AppError } from "@/lib/core/errors/errors";
import { confirmGatewayOption } from "@/lib/domain/gateway/confirm";
import { recordPaymentEvent } from "@/lib/domain/payments/record-event";
import { verifyPaymentTransaction } from "@/lib/domain/payments/verify-payment";
import type { Scope } from "@/lib/core/tenancy/scope";
import { authorizationOption, type VerifiedPayment } from "./exact-evm";
import { reasons, refuse, type Refusal } from "./reasons";

export type X402Resource = { url: string | null; description: string | null };
export type Settlement =
  | { ok: true; transaction: string; payer: string; network: string; payment: Payment }
  | (Refusal & { payment?: Payment });

/** How long a settle waits for the relayer's transaction to be mined before answering settlement_pending. */
const receiptTimeoutMs = 60_000;

export const x402AuthorizedEvent = "payment.x402_authorized";

/**
 * In the caller's transaction: claims the authorization (once across instances: a second claim of
 * the same asset, payer and nonce fails on the unique claimKey) for `payment`, writes what the agent
 * paid for on the payment's timeline, and stores the authorization as the payment's gateway option.
 * Returns the option's id, to confirm with `settleClaimed` once the transaction has committed.
 */
export async function claimAuthorization(
  tx: DbOrTx,
  payment: Payment,
  verified: VerifiedPayment,
  resource: X402Resource,
  actor: string,
): Promise<string> {
  const scope = { accountId: payment.accountId, mode: payment.mode };
  const { network, payer, authorization } = verified;
  await tx.x402Payment.create({
    data: {
      id: newId("x402"),
      ...scope,
      paymentId: payment.id,
      claimKey: verified.claimKey,
      network,
      payer,
      nonce: authorization.nonce,
      resourceUrl: resource.url,
      description: resource.description,
    },
  });
  await recordPaymentEvent(tx, payment, {
    type: x402AuthorizedEvent,
    actor,
    data: {
      network,
      payer,
      resource: resource.url,
      description: resource.description,
      value: authorization.value.toString(),
    },
  });
  const option = await tx.gatewayOption.create({
    data: authorizationOption(scope, payment.id, verified.settlement, network, authorization, newId("opt")),
  });
  return option.id;
}

/** Whether an error is the unique claim of an authorization already claimed. */
export function isClaimTaken(error: unknown): boolean {
  return (
    error instanceof Prisma.PrismaClientKnownRequestError &&
    error.code === "P2002" &&
    JSON.stringify(error.meta ?? {}).includes("claimKey")
  );
}

export const alreadySettled = (payer: string) =>
  refuse(reasons.nonceUsed, "This authorization was already settled.", payer);

/**
 * Confirms the claimed option through the gateway, which checks the signature again and, in live
 * mode, relays it with Tollgate's relayer (the one relay path, with its policy and its exactly-once
 * submission); test mode succeeds with nothing submitted. When nothing was sent, the claim is
 * released so the same authorization may be tried again.
 */
export async function settleClaimed(
  scope: Scope,
  payment: Payment,
  optionId: string,
  verified: VerifiedPayment,
  actor: string,
): Promise<Settlement> {
  const { payer, network, signature } = verified;
  let settled: Payment;
  try {
    settled = await confirmGatewayOption(
      payment,
      optionId,
      [{ type: "walletRpc", data: [signature] }],
      actor,
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await releaseClaim(verified.claimKey);
    return {
      ...refusalOf(error, payer),
      payment: await db().payment.findUniqueOrThrow({ where: { id: payment.id } }),
    };
  }
  if (scope.mode === "test") {
    return settled.status === "succeeded"
      ? { ok: true, transaction: settled.txId!, payer, network, payment: settled }
      : { ...refuse(reasons.transaction, `The payment is ${settled.status}.`, payer), payment: settled };
  }
  const submission = await db().relayerSubmission.findFirst({
    where: { optionId },
    orderBy: { createdAt: "desc" },
  });
  // On a real chain the relayer's transaction is broadcast, not yet mined: the answer waits for it, as x402 facilitators do.
  if (submission?.txHash && settled.status === "requires_action")
    settled = await afterReceipt(network, submission.txHash as Hex, settled);
  if (submission?.txHash && (settled.status === "processing" || settled.status === "succeeded"))
    return { ok: true, transaction: submission.txHash, payer, network, payment: settled };
  if (submission?.status === "pending")
    return {
      ...refuse(
        reasons.pending,
        "The relayer's submission is in flight; its outcome is not known yet. The payment's status will say.",
        payer,
      ),
      payment: settled,
    };
  return {
    ...refuse(
      reasons.transaction,
      `The transfer did not pay the payment (it is ${settled.status}); see the payment's timeline.`,
      payer,
    ),
    payment: settled,
  };
}

async function afterReceipt(network: string, txHash: Hex, payment: Payment): Promise<Payment> {
  const chain = getChain(network);
  if (!chain) return payment;
  const mined = await chainClient(chain)
    .waitForTransactionReceipt({ hash: txHash, timeout: receiptTimeoutMs })
    .then(
      () => true,
      () => false,
    );
  return mined ? verifyPaymentTransaction(payment.id, txHash, "relayer") : payment;
}

async function releaseClaim(claimKey: string) {
  await db().x402Payment.updateMany({ where: { claimKey }, data: { claimKey: null } });
}

function refusalOf(error: AppError, payer: string): Refusal {
  if (error.code === "quote_expired")
    return refuse(reasons.validBefore, "The authorization expired before it could be settled.", payer);
  if (error.code === "invalid_params") return refuse(reasons.signature, error.message, payer);
  if (/authorization is used/i.test(error.message)) return refuse(reasons.nonceUsed, error.message, payer);
  if (/authorization is expired/i.test(error.message))
    return refuse(reasons.validBefore, error.message, payer);
  // The gas sponsorship policy's refusals (lib/domain/gateway/sponsorship.ts), then the relayer's and the chain's own failures.
  if (error.code === "gas_sponsorship_refused")
    return refuse(
      error.details?.reason === "simulation_failed" ? reasons.simulation : reasons.notSponsored,
      error.message,
      payer,
    );
  if (
    [
      "relayer_out_of_funds",
      "relayer_unavailable",
      "chain_unavailable",
      "sponsorship_budget_exhausted",
      "internal_error",
    ].includes(error.code)
  )
    return refuse(reasons.unexpected, error.message, payer);
  return refuse(reasons.transaction, error.message, payer);
}
