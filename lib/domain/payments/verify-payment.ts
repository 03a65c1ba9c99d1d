import "server-only";
import { transactionKey } from "@/lib/core/chain/transaction-key";
import { assetInfo } from "@/lib/core/chain/asset-info";
import { chainIdOf, getChain, type Chain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import {
  parseTxHash,
  verifyTransfer,
  type Transfer,
  type Verification,
} from "@/lib/core/chain/verify-transfer";
import { db, Prisma, type Payment, withAttempt } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { newId } from "@/lib/core/ids/ids";
import {
  exceptionOfPayingTransfer,
  recordPaymentException,
  toleratedMinimum,
  type ExceptionFound,
} from "./exceptions";
import { isFinalStatus } from "./lifecycle";
import { droppedTransferReason } from "./dropped-transfer";
import { recordPaymentEvent } from "./record-event";
import { transitionPayment } from "./transition";

/**
 * Checks a live payment against a transaction on its chain and moves it as far as the chain
 * allows: confirming → processing, deep enough → succeeded with the real hash. A transfer that does
 * not pay (wrong token, short, too early or late, already used, reverted) is recorded on the
 * timeline and leaves the payment unpaid. Every path (checkout, watcher, support) comes here, and
 * only with a transfer attributed to this payment (lib/domain/payments/attribution.ts): one that reaches
 * it after it expired is its `paid_late` exception.
 */
export async function verifyPaymentTransaction(
  paymentId: string,
  txHash: string,
  actor: string,
): Promise<Payment> {
  const hash = parseTxHash(txHash);
  const payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId }, include: withAttempt });
  if (payment.mode !== "live")
    throw new AppError("forbidden", "Only live-mode payments are verified on-chain.");
  // Every caller reaches an expired payment only with a transfer attributed to it (its
  // authorization, or a hash returned for it): that money arrived late, and is an exception.
  const late = payment.status === "expired";
  if (isFinalStatus(payment.status) && !late) return payment;
  const attempt = payment.attempt;
  if (!attempt) {
    throw new AppError(
      "params_validation",
      "The buyer has not chosen a payment option yet, so there is nothing to check the transaction against.",
    );
  }
  const chainId = chainIdOf(attempt.asset);
  const chain = getChain(chainId);
  if (!chain)
    throw new AppError(
      "params_validation",
      `Live payments on ${chainId} cannot be verified: no RPC is configured for it.`,
    );

  const asset = await assetInfo(chain, attempt.asset);
  const quoted = BigInt(attempt.value.toFixed());
  const merchant = await db().merchant.findUniqueOrThrow({
    where: { id: payment.merchantId },
    select: { underpaymentToleranceBps: true },
  });
  // The relayer's sweep of this payment's deposit address (lib/domain/deposits/): the forwarder it
  // empties, its destination (fixed in the forwarder: the wallet of the merchant's oldest
  // settlement on the chain, which may differ from the option's), and who paid (the sender of what
  // it moved, an exchange or a wallet, to whom refunds go back).
  const sweep = await db().depositSweep.findFirst({
    where: { txHash: hash, paymentId: payment.id },
    select: { depositAddress: { select: { address: true, destination: true, payer: true } } },
  });
  const deposit = sweep?.depositAddress ?? null;
  const verification = await verifyTransfer(chain, hash, {
    asset,
    destination: (deposit?.destination ?? attempt.destination).split(":").pop()!,
    forwarder: deposit?.address,
    minValue: toleratedMinimum(quoted, merchant.underpaymentToleranceBps),
    notBefore: payment.createdAt,
    notAfter: late ? new Date(8.64e15) : payment.expiresAt,
  });

  if (verification.kind === "not_found")
    return payment.status === "processing" ? failIfDropped(payment, chain, hash) : payment;
  if (verification.kind === "rejected") {
    // A transfer that paid another payment (the watcher re-reads recent blocks) is no exception of this one.
    if (verification.transfer && (await claimedByAnother(payment.id, chainId, verification.transfer)))
      return recordRejection(payment, hash, alreadyUsed, verification.transfer);
    return recordRejection(
      payment,
      hash,
      verification.reason,
      verification.transfer,
      rejectionException(payment, verification, quoted, chainId),
    );
  }

  if (late && verification.kind === "confirming") return payment;
  try {
    return await db().$transaction(async (tx) => {
      let current = await tx.payment.findUniqueOrThrow({ where: { id: payment.id }, include: withAttempt });
      if (isFinalStatus(current.status) && !(late && current.status === "expired")) return current;
      const claim = { chainId, txHash: hash, logIndex: verification.transfer.logIndex };
      const existing = await tx.chainTransfer.findUnique({ where: { chainId_txHash_logIndex: claim } });
      if (existing && existing.paymentId !== payment.id) throw new TransferUsed();
      if (!existing) {
        await tx.chainTransfer.create({
          data: transferRow(current, chainId, asset.id, verification.transfer),
        });
        // Money the watcher had filed as unmatched has found its payment: it leaves the inbox.
        await tx.unmatchedTransfer.updateMany({
          where: { ...claim, accountId: current.accountId, status: "open" },
          data: { status: "attached", paymentId: current.id, resolvedBy: actor, resolvedAt: new Date() },
        });
      }
      if (late) {
        return recordPaymentException(
          tx,
          current,
          {
            type: "paid_late",
            asset: attempt.asset,
            expected: quoted,
            received: verification.transfer.value,
            txHash: hash,
          },
          actor,
        );
      }
      const details = {
        txHash: hash,
        confirmations: verification.confirmations,
        required: verification.required,
        value: verification.transfer.value.toString(),
        from: verification.transfer.from,
      };
      if (current.status === "requires_action") {
        current = await transitionPayment(tx, current, "processing", {
          actor,
          data: details,
          allowOverdue: true,
        });
      }
      if (verification.kind === "confirmed") {
        current = await transitionPayment(tx, current, "succeeded", {
          actor,
          data: details,
          allowOverdue: true,
          patch: {
            txId: hash,
            paidValue: verification.transfer.value.toString(),
            payerAddress: deposit?.payer ?? verification.transfer.from,
          },
        });
        const exception = exceptionOfPayingTransfer(attempt.asset, quoted, verification.transfer.value, hash);
        if (exception) current = await recordPaymentException(tx, current, exception, actor);
      }
      return current;
    });
  } catch (error) {
    if (
      error instanceof TransferUsed ||
      (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
    ) {
      // Two paths (the relayer and the watcher) claimed the same transfer for this payment at once.
      if (!(await claimedByAnother(payment.id, chainId, verification.transfer)))
        return db().payment.findUniqueOrThrow({ where: { id: payment.id }, include: withAttempt });
      return recordRejection(payment, hash, alreadyUsed, verification.transfer);
    }
    // Another path (the watcher, a second submission) moved the payment at the same moment: what it
    // left is the answer.
    if (error instanceof AppError && error.status === 409)
      return db().payment.findUniqueOrThrow({ where: { id: payment.id }, include: withAttempt });
    throw error;
  }
}

class TransferUsed extends Error {}

const alreadyUsed = "This transaction already paid another payment.";

async function claimedByAnother(paymentId: string, chainId: string, transfer: Transfer): Promise<boolean> {
  const claim = await db().chainTransfer.findUnique({
    where: {
      chainId_txHash_logIndex: {
        chainId,
        txHash: transactionKey(chainId, transfer.txHash),
        logIndex: transfer.logIndex,
      },
    },
    select: { paymentId: true },
  });
  return claim !== null && claim.paymentId !== paymentId;
}

/**
 * How many blocks a confirming transfer may be missing from the chain before its payment fails: a
 * reorganised-out transaction is normally mined again within a few blocks, and 64 is past
 * Ethereum's finality (two epochs).
 */
export const droppedAfterBlocks = 64n;

/**
 * A processing payment whose only transfer has vanished from the chain (reorganised out and not
 * mined again) for `droppedAfterBlocks` fails, so that neither the buyer nor the merchant waits on
 * it for ever. With several claimed transfers the others decide.
 */
async function failIfDropped(payment: Payment, chain: Chain, txHash: string): Promise<Payment> {
  const claims = await db().chainTransfer.findMany({
    where: { paymentId: payment.id },
    select: { txHash: true, blockNumber: true },
  });
  const claim = claims.length === 1 && claims[0]!.txHash === txHash ? claims[0]! : null;
  if (!claim) return payment;
  const latest = await chainClient(chain).getBlockNumber({ cacheTime: 0 });
  if (latest < claim.blockNumber + droppedAfterBlocks) return payment;
  const reason = droppedTransferReason(txHash, chain.name);
  try {
    return await db().$transaction(async (tx) => {
      const current = await tx.payment.findUniqueOrThrow({ where: { id: payment.id }, include: withAttempt });
      if (current.status !== "processing") return current;
      return transitionPayment(tx, current, "failed", {
        actor: "watcher",
        data: { txHash, reason },
        patch: { failureReason: reason },
      });
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 409)
      return db().payment.findUniqueOrThrow({ where: { id: payment.id }, include: withAttempt });
    throw error;
  }
}

function transferRow(payment: Payment, chainId: string, asset: string, transfer: Transfer) {
  return {
    id: newId("tx"),
    accountId: payment.accountId,
    mode: payment.mode,
    paymentId: payment.id,
    chainId,
    txHash: transactionKey(chainId, transfer.txHash),
    logIndex: transfer.logIndex,
    asset,
    fromAddress: transfer.from,
    toAddress: transfer.to,
    value: transfer.value.toString(),
    blockNumber: transfer.blockNumber,
    blockTime: transfer.blockTime,
  };
}

/** A rejected transfer that still moved money to the destination: short, late, or in another token. */
function rejectionException(
  payment: Payment,
  rejection: Extract<Verification, { kind: "rejected" }>,
  quoted: bigint,
  chainId: string,
): ExceptionFound | null {
  const transfer = rejection.transfer;
  if (!transfer) return null;
  if (rejection.code === "underpaid")
    return {
      type: "underpaid",
      asset: payment.attempt!.asset,
      expected: quoted,
      received: transfer.value,
      txHash: transfer.txHash,
    };
  if (rejection.code === "too_late")
    return {
      type: "paid_late",
      asset: payment.attempt!.asset,
      expected: quoted,
      received: transfer.value,
      txHash: transfer.txHash,
    };
  if (rejection.code === "wrong_asset" && rejection.tokenAddress)
    return {
      type: "wrong_asset",
      asset: `${chainId}/erc20:${rejection.tokenAddress}`,
      expected: null,
      received: transfer.value,
      txHash: transfer.txHash,
    };
  return null;
}

/** Notes a transfer that does not pay this payment, once per transaction, with the exception it makes. */
export async function recordRejection(
  payment: Payment,
  txHash: string,
  reason: string,
  transfer?: Pick<Transfer, "value" | "from">,
  exception?: ExceptionFound | null,
): Promise<Payment> {
  return db().$transaction(async (tx) => {
    const current = await tx.payment.findUniqueOrThrow({ where: { id: payment.id }, include: withAttempt });
    const seen = await tx.paymentEvent.findFirst({
      where: {
        paymentId: payment.id,
        type: "payment.transfer_rejected",
        data: { path: ["txHash"], equals: txHash },
      },
    });
    if (seen) return current;
    const noted = await recordPaymentEvent(tx, current, {
      type: "payment.transfer_rejected",
      actor: "system",
      data: {
        txHash,
        reason,
        ...(transfer ? { value: transfer.value.toString(), from: transfer.from } : {}),
      },
    });
    return exception ? recordPaymentException(tx, noted, exception, "system") : noted;
  });
}
