import "server-only";
import { TransactionNotFoundError, TransactionReceiptNotFoundError, type Hex } from "viem";
import { getChain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import { db } from "@/lib/core/db";
import { shortReason } from "@/lib/core/errors/chain-errors";
import { logger } from "@/lib/core/log/logger";
import { optionAuthorization } from "./options";
import { fillNonce, relaySubmission } from "./relay";
import { recordRelayerEvent, staleClaimMs, staleSubmissions } from "./relayer-submissions";
import { authorizationUsed, recordUsedAuthorization } from "./used-authorization";

/**
 * Finishes relayed submissions an instance left half-done (it died after claiming, perhaps after
 * broadcasting): if the token shows the authorization used, the transaction that used it is found
 * from the token's AuthorizationUsed log and verified like any other; if not, the submission is sent
 * again, which relaySubmission's stale-claim rule allows to exactly one instance. Returns how many
 * it took up.
 */
export async function recoverStaleSubmissions(limit = 20): Promise<number> {
  const stale = await staleSubmissions(limit);
  for (const submission of stale) {
    const chain = getChain(submission.chainId);
    const option = await db().paymentAttempt.findUnique({ where: { id: submission.optionId } });
    if (!chain || !option?.result) continue;
    const client = chainClient(chain);
    if (await authorizationUsed(client, option)) {
      await recordUsedAuthorization(client, submission, option, "recovery");
      continue;
    }
    await relaySubmission(submission.id).catch((error: unknown) =>
      logger.warn(
        { submissionId: submission.id, reason: shortReason(error) },
        "Relayer: resending a submission failed.",
      ),
    );
  }
  return stale.length + (await recoverLostRelays(limit));
}

/**
 * Relays broadcast but not mined RELAYER_STALE_CLAIM_MS after they were sent: replaced (the
 * relayer's nonce was used by another transaction), dropped from the mempool (the node no longer
 * knows the hash), or stuck there (too low a fee), which holds up every later transaction of the
 * relayer. If the token shows the authorization unused, it is sent again while it is valid (at the
 * same nonce, for more, when the chain has not used that nonce: so the ones behind it are mined
 * too), or else released so the buyer can pay another way, its nonce filled by a 0-value
 * transaction; each with a timeline entry saying which. A used one was executed by whoever: the
 * watcher credits it by its nonce.
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
    const option = await db().paymentAttempt.findUnique({ where: { id: submission.optionId } });
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
    if (await authorizationUsed(client, option)) continue;
    const auth = optionAuthorization(option);
    const pending = await client.getTransaction({ hash }).then(
      () => true,
      (error: unknown) => !(error instanceof TransactionNotFoundError),
    );
    const next = await client.getTransactionCount({ address: submission.relayer as Hex, blockTag: "latest" });
    const replaced = submission.relayerNonce !== null && next > submission.relayerNonce;
    const why = replaced
      ? `another transaction of the relayer took its nonce (${submission.relayerNonce})`
      : pending
        ? `it was not mined at its fee, holding up the relayer's later transactions`
        : `${chain.name} no longer knows it`;
    const valid = auth.validBefore * 1000n > BigInt(Date.now() + resendMarginMs);
    const moved = await db().$transaction(async (tx) => {
      const { count } = await tx.relayerSubmission.updateMany({
        where: { id: submission.id, status: "submitted", txHash: submission.txHash },
        data: valid
          ? { status: "pending", txHash: null, claimedAt: null }
          : { status: "failed", activeKey: null, error: `The relay ${hash} was lost: ${why}.` },
      });
      if (count === 0) return false;
      if (!valid)
        await tx.paymentAttempt.update({
          where: { id: option.id },
          data: { confirmedAt: null, result: null },
        });
      await recordRelayerEvent(
        tx,
        submission.paymentId,
        valid ? "payment.relay_resent" : "payment.relay_released",
        {
          optionId: option.id,
          txHash: hash,
          reason: valid
            ? `The relay ${hash} was lost (${why}); the same authorization is sent again.`
            : `The relay ${hash} was lost (${why}) and the authorization has expired; the payment is payable another way.`,
        },
      );
      return true;
    });
    if (!moved) continue;
    recovered++;
    if (valid)
      await relaySubmission(submission.id, pending ? hash : undefined).catch((error: unknown) =>
        logger.error({ err: error, submissionId: submission.id }, "Relayer: resending a lost relay failed."),
      );
    else if (!replaced && submission.relayerNonce !== null)
      await fillNonce(chain.id, submission.relayerNonce, pending ? hash : undefined).catch((error: unknown) =>
        logger.error(
          { err: error, submissionId: submission.id },
          "Relayer: filling a released relay's nonce failed.",
        ),
      );
  }
  return recovered;
}

// An authorization this close to its validBefore is not sent again: it could expire in the mempool.
const resendMarginMs = 30_000;
