import "server-only";
import {
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  partiallySignTransaction,
  signature as toSignature,
} from "@solana/kit";
import { getSolanaCluster, solanaRpc } from "@/lib/core/chain/solana/clusters";
import { decodeWireTransaction } from "@/lib/domain/chain/solana/payment-transaction";
import { verifySolanaPayment } from "@/lib/domain/payments/verify-solana-payment";
import { db } from "@/lib/core/db";
import {
  relayerOutOfFunds,
  relayerUnavailable,
  relayFailure,
  shortReason,
} from "@/lib/core/errors/chain-errors";
import { AppError } from "@/lib/core/errors/errors";
import { logger } from "@/lib/core/log/logger";
import { retryOnConflict } from "@/lib/domain/payments/record-event";
import { reopenAfterRelayFailure } from "../relay-failure";
import { transitionPayment } from "@/lib/domain/payments/transition";
import { claimSubmission, recordRelayerEvent, staleSubmissions } from "../relayer-submissions";
import { solanaRelayer } from "./options";
import { reserveSolanaSponsorship, sponsoredCost } from "./sponsorship";

// Broadcasting a buyer's signed Solana transaction, exactly once: the submission row is claimed by
// one instance (as EVM relays are), which adds the fee payer's signature and sends it. A Solana
// transaction's signature is its id, and the chain processes one signature once, so even a second
// broadcast (a retry after a timeout) cannot move the money twice.

/** Answers the signature it broadcast, null when whether it was sent is unknown, undefined when another instance holds the submission. */
export async function relaySolanaSubmission(submissionId: string): Promise<string | null | undefined> {
  const claimed = await claimSubmission(submissionId);
  if (!claimed) return undefined;
  const { submission, option } = claimed;
  const cluster = getSolanaCluster(submission.chainId);
  let broadcasting = false;
  let txSignature: string;
  try {
    const relayer = await solanaRelayer(cluster);
    const signed = decodeWireTransaction(option.result ?? "");
    if (!cluster || !relayer || !signed)
      throw relayerUnavailable(`No Solana relayer is configured for ${submission.chainId}.`);
    const destination = option.destination.split(":").pop()!;
    const cost = await sponsoredCost(cluster, option.asset, destination);
    const rpc = solanaRpc(cluster);
    const { value: balance } = await rpc.getBalance(relayer.address).send();
    if (balance < cost) throw relayerOutOfFunds();
    // Reserved against the account's budget under the relayer's lease, before it is sent.
    await reserveSolanaSponsorship(
      submission.id,
      relayer.address,
      {
        accountId: submission.accountId,
        asset: option.asset,
        payer: option.payer!.split(":").pop()!,
        destination,
      },
      cost,
    );
    const complete = await partiallySignTransaction([relayer.keyPair], signed);
    txSignature = getSignatureFromTransaction(complete);
    // Known before it is sent: a Solana signature is the transaction's id.
    await db().relayerSubmission.update({ where: { id: submission.id }, data: { txHash: txSignature } });
    broadcasting = true;
    await rpc
      .sendTransaction(getBase64EncodedWireTransaction(complete), {
        encoding: "base64",
        preflightCommitment: "confirmed",
      })
      .send()
      .catch(async (error: unknown) => {
        // Processed already: this very transaction landed (a retried broadcast), which is success.
        if (/already been processed|AlreadyProcessed/i.test(solanaErrorText(error))) return txSignature;
        // A retried broadcast of a transaction that landed earlier is refused for its expired
        // blockhash: the chain's record of the signature decides, never the refusal.
        const { value } = await rpc
          .getSignatureStatuses([toSignature(txSignature)], { searchTransactionHistory: true })
          .send();
        if (value[0] && !value[0].err) return txSignature;
        throw error;
      });
  } catch (error) {
    if (broadcasting && !refusedByNode(error)) {
      logger.warn(
        { submissionId: submission.id, reason: shortReason(error) },
        "Solana relayer: the outcome of a broadcast is unknown; left for recovery.",
      );
      return null;
    }
    const failure =
      error instanceof AppError
        ? error
        : /insufficient funds for fee|InsufficientFundsForFee/i.test(solanaErrorText(error))
          ? relayerOutOfFunds()
          : /BlockhashNotFound|blockhash not found/i.test(solanaErrorText(error))
            ? new AppError(
                "quote_expired",
                "The transaction's blockhash expired before it was sent. Ask for options again and sign the new transaction.",
              )
            : relayFailure(error);
    if (!(error instanceof AppError))
      logger.warn(
        { submissionId: submission.id, code: failure.code, reason: solanaErrorText(error).slice(0, 200) },
        "Solana relayer: a broadcast was refused.",
      );
    await db().$transaction(async (tx) => {
      await tx.relayerSubmission.update({
        where: { id: submission.id },
        data: { status: "failed", activeKey: null, feeLamports: null, error: failure.message },
      });
      await reopenAfterRelayFailure(tx, submission, option.id, failure);
    });
    throw failure;
  }
  try {
    await retryOnConflict(() =>
      db().$transaction(async (tx) => {
        await tx.relayerSubmission.update({ where: { id: submission.id }, data: { status: "submitted" } });
        const noted = await recordRelayerEvent(tx, submission.paymentId, "payment.transaction_submitted", {
          txHash: txSignature,
          settlementId: option.settlementId,
          relayed: true,
        });
        if (noted.status === "requires_action")
          await transitionPayment(tx, noted, "processing", {
            actor: "relayer",
            data: { txHash: txSignature },
            allowOverdue: true,
          });
      }),
    );
    await verifySolanaPayment(submission.paymentId, txSignature, "relayer");
  } catch (error) {
    logger.warn(
      { submissionId: submission.id, txHash: txSignature, reason: shortReason(error) },
      "Solana relayer: broadcast, but could not record or verify it yet.",
    );
  }
  return txSignature;
}

function solanaErrorText(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 6; depth++, e = (e as { cause?: unknown }).cause) {
    parts.push(e instanceof Error ? e.message : String(e));
    const context = (e as { context?: unknown }).context;
    if (context) parts.push(JSON.stringify(context, (_k, v) => (typeof v === "bigint" ? v.toString() : v)));
  }
  return parts.join(" ");
}

/** The node answered the broadcast with a refusal (a JSON-RPC error): certainly nothing was sent. */
function refusedByNode(error: unknown): boolean {
  return /simulation failed|preflight|JSON-RPC error|-3200\d|BlockhashNotFound|InsufficientFunds|already been processed/i.test(
    solanaErrorText(error),
  );
}

/**
 * The Solana side of the relayer recovery task: a submission whose instance died or whose broadcast
 * outcome was unknown is sent again (the same signature: the chain runs it at most once, and a
 * blockhash that expired meanwhile fails it and frees the payment), and a payment whose
 * transaction was not finalized while its confirm waited is verified again. Returns how many it took up.
 */
export async function recoverSolanaSubmissions(limit = 20): Promise<number> {
  const stale = await staleSubmissions(limit, { chainId: { startsWith: "solana:" } });
  for (const submission of stale)
    await relaySolanaSubmission(submission.id).catch((error: unknown) =>
      logger.warn(
        { submissionId: submission.id, reason: shortReason(error) },
        "Solana relayer: sending a submission again failed.",
      ),
    );
  const unfinished = await db().relayerSubmission.findMany({
    where: { chainId: { startsWith: "solana:" }, status: "submitted", payment: { status: "processing" } },
    orderBy: { updatedAt: "asc" },
    take: limit,
  });
  for (const submission of unfinished)
    await verifySolanaPayment(submission.paymentId, submission.txHash!, "relayer", 0).catch(
      (error: unknown) =>
        logger.warn(
          { submissionId: submission.id, reason: shortReason(error) },
          "Solana relayer: could not verify a broadcast payment yet.",
        ),
    );
  return stale.length + unfinished.length;
}
