import "server-only";
import { TransactionNotFoundError, TransactionReceiptNotFoundError, type Hex } from "viem";
import { getChain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import { db } from "@/lib/core/db";
import { shortReason } from "@/lib/core/errors/chain-errors";
import { logger } from "@/lib/core/log/logger";
import { recordPaymentEvent } from "@/lib/domain/payments/record-event";
import { verifyPaymentTransaction } from "@/lib/domain/payments/verify-payment";
import { eip3009Abi } from "./eip3009";
import { optionAuthorization } from "./options";
import { relaySubmission, staleClaimMs } from "./relay";

/**
 * Finishes relayed submissions an instance left half-done (it died after claiming, perhaps after
 * broadcasting): if the token shows the authorization used, the transaction that used it is found
 * from the token's AuthorizationUsed log and verified like any other; if not, the submission is sent
 * again, which relaySubmission's stale-claim rule allows to exactly one instance. Returns how many
 * it took up.
 */
export async function recoverStaleSubmissions(limit = 20): Promise<number> {
  const stale = await db().relayerSubmission.findMany({
    where: {
      status: "pending",
      OR: [
        { claimedAt: { lt: new Date(Date.now() - staleClaimMs) } },
        { claimedAt: null, createdAt: { lt: new Date(Date.now() - staleClaimMs) } },
      ],
    },
    orderBy: { createdAt: "asc" },
    take: limit,
  });
  for (const submission of stale) {
    const chain = getChain(submission.chainId);
    const option = await db().gatewayOption.findUnique({ where: { id: submission.optionId } });
    if (!chain || !option?.result) continue;
    const auth = optionAuthorization(option);
    const token = option.asset.split(":").pop() as Hex;
    const client = chainClient(chain);
    const used = await client.readContract({
      address: token,
      abi: eip3009Abi,
      functionName: "authorizationState",
      args: [auth.from, auth.nonce],
    });
    if (!used) {
      await relaySubmission(submission.id).catch((error: unknown) =>
        logger.warn(
          { submissionId: submission.id, reason: shortReason(error) },
          "Relayer: resending a submission failed.",
        ),
      );
      continue;
    }
    const [log] = await client.getContractEvents({
      address: token,
      abi: eip3009Abi,
      eventName: "AuthorizationUsed",
      args: { authorizer: auth.from, nonce: auth.nonce },
      fromBlock: 0n,
    });
    if (!log) continue;
    const txHash = log.transactionHash;
    const { count } = await db().relayerSubmission.updateMany({
      where: { id: submission.id, status: "pending" },
      data: { status: "submitted", txHash },
    });
    if (count === 0) continue;
    await db().$transaction(async (tx) => {
      const payment = await tx.payment.findUniqueOrThrow({ where: { id: submission.paymentId } });
      await recordPaymentEvent(tx, payment, {
        type: "payment.transaction_submitted",
        actor: "relayer",
        data: { txHash, settlementId: option.settlementId, relayed: true, recovered: true },
      });
    });
    await verifyPaymentTransaction(submission.paymentId, txHash, "relayer");
  }
  return stale.length + (await recoverLostRelays(limit));
}

/**
 * Relays that were broadcast but will never be mined: replaced (the relayer's nonce was used by
 * another transaction) or dropped from the mempool (the node no longer knows the hash
 * RELAYER_STALE_CLAIM_MS after it was sent). If the token shows the authorization unused, it is sent
 * again while it is valid, or else released so the buyer can pay another way, each with a timeline
 * entry saying which. A used one was executed by whoever: the watcher credits it by its nonce.
 */
async function recoverLostRelays(limit: number): Promise<number> {
  const sent = await db().relayerSubmission.findMany({
    where: {
      status: "submitted",
      txHash: { not: null },
      updatedAt: { lt: new Date(Date.now() - staleClaimMs) },
      payment: { status: "requires_action" },
    },
    orderBy: { updatedAt: "asc" },
    take: limit,
  });
  let recovered = 0;
  for (const submission of sent) {
    const chain = getChain(submission.chainId);
    const option = await db().gatewayOption.findUnique({ where: { id: submission.optionId } });
    if (!chain || !option?.result || !submission.relayer) continue;
    const client = chainClient(chain);
    const hash = submission.txHash as Hex;
    if (
      await client.getTransactionReceipt({ hash }).then(
        () => true,
        (error: unknown) => !(error instanceof TransactionReceiptNotFoundError),
      )
    )
      continue;
    const auth = optionAuthorization(option);
    const token = option.asset.split(":").pop() as Hex;
    if (
      await client.readContract({
        address: token,
        abi: eip3009Abi,
        functionName: "authorizationState",
        args: [auth.from, auth.nonce],
      })
    )
      continue;
    const pending = await client.getTransaction({ hash }).then(
      () => true,
      (error: unknown) => !(error instanceof TransactionNotFoundError),
    );
    const next = await client.getTransactionCount({ address: submission.relayer as Hex, blockTag: "latest" });
    const replaced = submission.relayerNonce !== null && next > submission.relayerNonce;
    if (pending && !replaced) continue;
    const why = replaced
      ? `another transaction of the relayer took its nonce (${submission.relayerNonce})`
      : `${chain.name} no longer knows it`;
    const valid = auth.validBefore * 1000n > BigInt(Date.now() + resendMarginMs);
    const moved = await db().$transaction(async (tx) => {
      const { count } = await tx.relayerSubmission.updateMany({
        where: { id: submission.id, status: "submitted", txHash: submission.txHash },
        data: valid
          ? { status: "pending", txHash: null, relayerNonce: null, claimedAt: null }
          : { status: "failed", activeKey: null, error: `The relay ${hash} was lost: ${why}.` },
      });
      if (count === 0) return false;
      if (!valid)
        await tx.gatewayOption.update({
          where: { id: option.id },
          data: { confirmedAt: null, result: null },
        });
      const payment = await tx.payment.findUniqueOrThrow({ where: { id: submission.paymentId } });
      await recordPaymentEvent(tx, payment, {
        type: valid ? "payment.relay_resent" : "payment.relay_released",
        actor: "relayer",
        data: {
          optionId: option.id,
          txHash: hash,
          reason: valid
            ? `The relay ${hash} was lost (${why}); the same authorization is sent again.`
            : `The relay ${hash} was lost (${why}) and the authorization has expired; the payment is payable another way.`,
        },
      });
      return true;
    });
    if (!moved) continue;
    recovered++;
    if (valid)
      await relaySubmission(submission.id).catch((error: unknown) =>
        logger.error({ err: error, submissionId: submission.id }, "Relayer: resending a lost relay failed."),
      );
  }
  return recovered;
}

// An authorization this close to its validBefore is not sent again: it could expire in the mempool.
const resendMarginMs = 30_000;
