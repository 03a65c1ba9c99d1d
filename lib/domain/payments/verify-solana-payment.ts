import "server-only";
import { signature as toSignature } from "@solana/kit";
import { getSolanaCluster, solanaRpc } from "@/lib/core/chain/solana/clusters";
import { db, withAttempt, type Payment } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { newId } from "@/lib/core/ids/ids";
import {
  exceptionOfPayingTransfer,
  recordPaymentException,
  toleratedMinimum,
  type ExceptionFound,
} from "@/lib/domain/payments/exceptions";
import { isFinalStatus } from "@/lib/domain/payments/lifecycle";
import { transitionPayment } from "@/lib/domain/payments/transition";
import { recordRejection } from "@/lib/domain/payments/verify-payment";
import type { FinalizedTransaction } from "@/lib/core/chain/solana/transaction";
import { readSolanaTransfer, type SolanaTransfer } from "@/lib/core/chain/solana/read-transfer";

// How long a confirm waits for its transaction to reach `finalized` (~13 s on mainnet); past it the
// payment stays `processing` and the recovery sweep (recoverSolanaSubmissions) finishes it.
const finalizedWaitMs = 15_000;

/**
 * Checks a live Solana payment against a transaction attributed to it (the Gateway's relayed
 * transaction, or a transfer carrying its Solana Pay reference key) once the transaction is
 * **finalized**, as verifyPaymentTransaction does on EVM: at least the quote (less the merchant's
 * tolerance) of the payment's asset reaching the merchant moves it to `succeeded`, with its
 * ChainTransfer row (the signature as the transaction id), the real signature as `txId` and the
 * payer; a shortfall past the tolerance, another token, or a transfer after expiry is the same
 * exception as on EVM (underpaid, wrong_asset, paid_late; overpaid when it paid more), and a
 * failed transaction fails a payment that was `processing` on it. The transaction the
 * watcher already read at `finalized` is passed as `seen` (it is not read again).
 */
export async function verifySolanaPayment(
  paymentId: string,
  txSignature: string,
  actor: string,
  waitMs = finalizedWaitMs,
  seen?: FinalizedTransaction,
): Promise<Payment> {
  const payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId }, include: withAttempt });
  const attempt = payment.attempt;
  const late = payment.status === "expired";
  if ((isFinalStatus(payment.status) && !late) || !attempt) return payment;
  const chainId = attempt.asset.split("/")[0]!;
  const cluster = getSolanaCluster(chainId);
  if (!cluster) return payment;
  const rpc = solanaRpc(cluster);
  const deadline = Date.now() + waitMs;
  while (!seen) {
    const { value } = await rpc.getSignatureStatuses([toSignature(txSignature)]).send();
    if (value[0]?.confirmationStatus === "finalized" || value[0]?.err) break;
    if (Date.now() > deadline) return payment;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const asset = attempt.asset.split("/")[1]!;
  const read = await readSolanaTransfer(
    cluster,
    txSignature,
    {
      destination: attempt.destination.split(":").pop()!,
      mint: asset.startsWith("token:") ? asset.slice("token:".length) : null,
      // The Gateway's option names its buyer; a Solana Pay transfer's payer is its fee payer.
      payer: attempt.payer?.split(":").pop() ?? null,
    },
    seen,
  );
  if (read.kind === "not_found") return payment;
  if (read.kind === "failed") {
    if (payment.status === "processing") await failProcessing(paymentId, txSignature, read.reason, actor);
    return db().payment.findUniqueOrThrow({ where: { id: paymentId }, include: withAttempt });
  }
  const transfer = read.transfer;
  const quoted = BigInt(attempt.value.toFixed());
  // A transfer that does not pay, noted on the timeline with the exception it makes.
  const reject = (reason: string, found: Omit<ExceptionFound, "txHash">) =>
    recordRejection(
      payment,
      txSignature,
      reason,
      { value: found.received, from: transfer.from },
      {
        ...found,
        txHash: txSignature,
      },
    );
  const wrong = transfer.value === 0n ? transfer.otherMints[0] : undefined;
  if (wrong)
    return reject("It sent a token this payment does not take.", {
      type: "wrong_asset",
      asset: `${chainId}/token:${wrong.mint}`,
      expected: null,
      received: wrong.value,
    });
  if (transfer.value <= 0n) return recordRejection(payment, txSignature, "It paid nothing to the merchant.");
  const { underpaymentToleranceBps } = await db().merchant.findUniqueOrThrow({
    where: { id: payment.merchantId },
    select: { underpaymentToleranceBps: true },
  });
  if (!late && transfer.value < toleratedMinimum(quoted, underpaymentToleranceBps))
    return reject("It paid less than the quoted amount.", {
      type: "underpaid",
      asset: attempt.asset,
      expected: quoted,
      received: transfer.value,
    });
  return claim(payment, transfer, quoted, late, actor);
}

/** Records the transfer as the payment's and moves it on: succeeded (with any over/under exception), or its paid_late exception. */
async function claim(
  payment: Payment,
  transfer: SolanaTransfer,
  quoted: bigint,
  late: boolean,
  actor: string,
): Promise<Payment> {
  const attempt = payment.attempt!;
  const chainId = attempt.asset.split("/")[0]!;
  try {
    return await db().$transaction(async (tx) => {
      let current = await tx.payment.findUniqueOrThrow({ where: { id: payment.id }, include: withAttempt });
      if (isFinalStatus(current.status) && !(late && current.status === "expired")) return current;
      const key = { chainId, txHash: transfer.signature, logIndex: 0 };
      const existing = await tx.chainTransfer.findUnique({ where: { chainId_txHash_logIndex: key } });
      if (existing && existing.paymentId !== current.id) return current;
      if (!existing)
        await tx.chainTransfer.create({
          data: {
            id: newId("tx"),
            accountId: current.accountId,
            mode: current.mode,
            paymentId: current.id,
            ...key,
            asset: attempt.asset,
            fromAddress: transfer.from,
            toAddress: transfer.to,
            value: transfer.value.toString(),
            blockNumber: transfer.slot,
            blockTime: transfer.blockTime,
          },
        });
      if (late) {
        const found: ExceptionFound = {
          type: "paid_late",
          asset: attempt.asset,
          expected: quoted,
          received: transfer.value,
          txHash: transfer.signature,
        };
        return recordPaymentException(tx, current, found, actor);
      }
      const details = {
        txHash: transfer.signature,
        commitment: "finalized",
        value: transfer.value.toString(),
      };
      if (current.status === "requires_action")
        current = await transitionPayment(tx, current, "processing", {
          actor,
          data: details,
          allowOverdue: true,
        });
      current = await transitionPayment(tx, current, "succeeded", {
        actor,
        data: { ...details, from: transfer.from },
        allowOverdue: true,
        patch: {
          txId: transfer.signature,
          paidValue: transfer.value.toString(),
          payerAddress: transfer.from,
        },
      });
      const exception = exceptionOfPayingTransfer(attempt.asset, quoted, transfer.value, transfer.signature);
      return exception ? recordPaymentException(tx, current, exception, actor) : current;
    });
  } catch (error) {
    // Another request (a double confirm, another instance's watcher) recorded the same transfer at the same moment.
    if ((error as { code?: string }).code === "P2002" || (error instanceof AppError && error.status === 409))
      return db().payment.findUniqueOrThrow({ where: { id: payment.id }, include: withAttempt });
    throw error;
  }
}

async function failProcessing(paymentId: string, txSignature: string, reason: string, actor: string) {
  await db().$transaction(async (tx) => {
    const current = await tx.payment.findUniqueOrThrow({ where: { id: paymentId }, include: withAttempt });
    if (current.status === "processing")
      await transitionPayment(tx, current, "failed", {
        actor,
        data: { txHash: txSignature, reason },
        patch: { failureReason: reason },
      });
  });
}
