import "server-only";
import {
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  partiallySignTransaction,
  signature as toSignature,
} from "@solana/kit";
import { getSolanaCluster, solanaRpc } from "@/lib/core/chain/solana/clusters";
import { decodeWireTransaction } from "@/lib/domain/chain/solana/payment-transaction";
import { readSolanaTransfer } from "@/lib/domain/chain/solana/verify-transfer";
import { db, withAttempt, type Payment } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import {
  relayerOutOfFunds,
  relayerUnavailable,
  relayFailure,
  shortReason,
} from "@/lib/core/errors/chain-errors";
import { AppError } from "@/lib/core/errors/errors";
import { logger } from "@/lib/core/log/logger";
import { isFinalStatus } from "@/lib/domain/payments/lifecycle";
import { recordPaymentEvent, retryOnConflict } from "@/lib/domain/payments/record-event";
import { reopenAfterRelayFailure } from "../relay-failure";
import { transitionPayment } from "@/lib/domain/payments/transition";
import { staleClaimMs } from "../relay";
import { solanaRelayer } from "./options";
import { assertSolanaSponsorable, sponsoredCost } from "./sponsorship";

// Broadcasting a buyer's signed Solana transaction, exactly once: the submission row is claimed by
// one instance (as EVM relays are), which adds the fee payer's signature and sends it. A Solana
// transaction's signature is its id, and the chain processes one signature once, so even a second
// broadcast (a retry after a timeout) cannot move the money twice.

/** Answers the signature it broadcast, null when whether it was sent is unknown, undefined when another instance holds the submission. */
export async function relaySolanaSubmission(submissionId: string): Promise<string | null | undefined> {
  const claimed = await db().relayerSubmission.updateMany({
    where: {
      id: submissionId,
      status: "pending",
      OR: [{ claimedAt: null }, { claimedAt: { lt: new Date(Date.now() - staleClaimMs) } }],
    },
    data: { claimedAt: new Date() },
  });
  if (claimed.count === 0) return undefined;
  const submission = await db().relayerSubmission.findUniqueOrThrow({ where: { id: submissionId } });
  const option = await db().paymentAttempt.findUniqueOrThrow({ where: { id: submission.optionId } });
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
    await assertSolanaSponsorable(
      {
        accountId: submission.accountId,
        asset: option.asset,
        payer: option.payer!.split(":").pop()!,
        destination,
      },
      cost,
    );
    const rpc = solanaRpc(cluster);
    const { value: balance } = await rpc.getBalance(relayer.address).send();
    if (balance < cost) throw relayerOutOfFunds();
    const complete = await partiallySignTransaction([relayer.keyPair], signed);
    txSignature = getSignatureFromTransaction(complete);
    // Known before it is sent (a Solana signature is the transaction's id), and reserved against the budget.
    await db().relayerSubmission.update({
      where: { id: submission.id },
      data: { txHash: txSignature, relayer: relayer.address, gasCostWei: cost.toString() },
    });
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
        data: { status: "failed", activeKey: null, gasCostWei: null, error: failure.message },
      });
      await reopenAfterRelayFailure(tx, submission, option.id, failure);
    });
    throw failure;
  }
  try {
    await retryOnConflict(() =>
      db().$transaction(async (tx) => {
        await tx.relayerSubmission.update({ where: { id: submission.id }, data: { status: "submitted" } });
        const payment = await tx.payment.findUniqueOrThrow({
          where: { id: submission.paymentId },
          include: withAttempt,
        });
        const noted = await recordPaymentEvent(tx, payment, {
          type: "payment.transaction_submitted",
          actor: "relayer",
          data: { txHash: txSignature, settlementId: option.settlementId, relayed: true },
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

// How long a confirm waits for its transaction to reach `finalized` (~13 s on mainnet); past it the
// payment stays `processing` and the recovery sweep (recoverSolanaSubmissions) finishes it.
const finalizedWaitMs = 15_000;

/**
 * Moves a processing Solana payment to `succeeded` once its transaction is `finalized` and moved
 * exactly the quoted amount to the merchant: its ChainTransfer row (the signature as the
 * transaction id), the real signature as `txId`, the buyer as payer.
 */
export async function verifySolanaPayment(
  paymentId: string,
  txSignature: string,
  actor: string,
  waitMs = finalizedWaitMs,
): Promise<Payment> {
  let payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId }, include: withAttempt });
  const attempt = payment.attempt;
  if (isFinalStatus(payment.status) || !attempt) return payment;
  const chainId = attempt.asset.split("/")[0]!;
  const cluster = getSolanaCluster(chainId);
  if (!cluster) return payment;
  const rpc = solanaRpc(cluster);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { value } = await rpc.getSignatureStatuses([toSignature(txSignature)]).send();
    if (value[0]?.confirmationStatus === "finalized" || value[0]?.err) break;
    if (Date.now() > deadline) return payment;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // The confirm named the option it confirmed as the payment's attempt: its payer is the buyer.
  const asset = attempt.asset.split("/")[1]!;
  const read = await readSolanaTransfer(cluster, txSignature, {
    destination: attempt.destination.split(":").pop()!,
    mint: asset.startsWith("token:") ? asset.slice("token:".length) : null,
    payer: attempt.payer?.split(":").pop() ?? "",
  });
  if (read.kind !== "finalized") {
    if (read.kind === "failed")
      await db().$transaction(async (tx) => {
        const current = await tx.payment.findUniqueOrThrow({
          where: { id: paymentId },
          include: withAttempt,
        });
        if (current.status === "processing")
          await transitionPayment(tx, current, "failed", {
            actor,
            data: { txHash: txSignature, reason: read.reason },
            patch: { failureReason: read.reason },
          });
      });
    return db().payment.findUniqueOrThrow({ where: { id: paymentId }, include: withAttempt });
  }
  const quoted = BigInt(attempt.value.toFixed());
  if (read.transfer.value !== quoted) {
    logger.warn(
      { paymentId, txHash: txSignature },
      "Solana: a finalized transaction did not move the quoted amount.",
    );
    return payment;
  }
  try {
    payment = await db().$transaction(async (tx) => {
      let current = await tx.payment.findUniqueOrThrow({ where: { id: paymentId }, include: withAttempt });
      if (isFinalStatus(current.status)) return current;
      await tx.chainTransfer.create({
        data: {
          id: newId("tx"),
          accountId: current.accountId,
          mode: current.mode,
          paymentId: current.id,
          chainId,
          txHash: txSignature,
          logIndex: 0,
          asset: current.attempt!.asset,
          fromAddress: read.transfer.from,
          toAddress: read.transfer.to,
          value: read.transfer.value.toString(),
          blockNumber: read.transfer.slot,
          blockTime: read.transfer.blockTime,
        },
      });
      const details = { txHash: txSignature, commitment: "finalized", value: read.transfer.value.toString() };
      if (current.status === "requires_action")
        current = await transitionPayment(tx, current, "processing", {
          actor,
          data: details,
          allowOverdue: true,
        });
      return transitionPayment(tx, current, "succeeded", {
        actor,
        data: { ...details, from: read.transfer.from },
        allowOverdue: true,
        patch: {
          txId: txSignature,
          paidValue: read.transfer.value.toString(),
          payerAddress: read.transfer.from,
        },
      });
    });
  } catch (error) {
    // Another request (a double confirm) recorded the same transfer at the same moment.
    if ((error as { code?: string }).code === "P2002" || (error instanceof AppError && error.status === 409))
      return db().payment.findUniqueOrThrow({ where: { id: paymentId }, include: withAttempt });
    throw error;
  }
  return payment;
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
  const stale = await db().relayerSubmission.findMany({
    where: {
      chainId: { startsWith: "solana:" },
      status: "pending",
      OR: [
        { claimedAt: { lt: new Date(Date.now() - staleClaimMs) } },
        { claimedAt: null, createdAt: { lt: new Date(Date.now() - staleClaimMs) } },
      ],
    },
    orderBy: { createdAt: "asc" },
    take: limit,
  });
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
