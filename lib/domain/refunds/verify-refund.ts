import "server-only";
import { assetInfo } from "@/lib/core/chain/asset-info";
import { chainIdOf, getChain } from "@/lib/core/chain/chains";
import { getSolanaCluster } from "@/lib/core/chain/solana/clusters";
import type { FinalizedTransaction } from "@/lib/core/chain/solana/transaction";
import { parseTransactionId, verifyTransfer, type Verification } from "@/lib/core/chain/verify-transfer";
import { verifySolanaReturn } from "@/lib/domain/refunds/verify-solana-return";
import type { Hash } from "viem";
import { db, Prisma, withAttempt, type Payment, type Refund } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { newId } from "@/lib/core/ids/ids";
import { completeRefund } from "./complete-refund";

export type RefundVerification = { refund: Refund; result: Verification["kind"] | "used"; reason?: string };

/** A refund has no expiry: its return transfer may come at any time after it was created. */
const noExpiry = new Date(8.64e15);

/**
 * What a live refund returns in the payment's asset (smallest units): its share of the quoted
 * option amount, rounded up so the buyer never gets less than the refunded share.
 */
export function refundValueInAsset(
  refundValue: string,
  payment: Pick<Payment, "amountValue" | "attempt">,
): bigint {
  const quoted = BigInt(payment.attempt!.value.toFixed());
  const total = BigInt(payment.amountValue.toFixed());
  return (BigInt(refundValue) * quoted + total - 1n) / total;
}

/** Where a live refund's money must go: from the merchant's destination back to the address that paid. */
export function refundRoute(payment: Payment): { asset: string; from: string; to: string } | null {
  if (!payment.attempt || !payment.payerAddress) return null;
  return {
    asset: payment.attempt.asset,
    from: payment.attempt.destination.split(":").pop()!,
    to: payment.payerAddress,
  };
}

/**
 * Checks a pending live refund against a transaction with the same on-chain verification as a
 * payment: the merchant's destination must have sent at least the refund's share of the payment's
 * asset to the buyer's address, after the refund was created. Only a confirmed transfer completes
 * the refund (writing refund.succeeded); a confirming one is claimed so no other payment or refund
 * can use it, and is checked again by the worker until it is deep enough. On Solana the return is a
 * signature read at `finalized` (verifySolanaReturn; `read` when the watcher already has it).
 */
export async function verifyRefundTransaction(
  refundId: string,
  txHash: string,
  read?: FinalizedTransaction,
): Promise<RefundVerification> {
  const refund = await db().refund.findUniqueOrThrow({
    where: { id: refundId },
    include: { payment: { include: withAttempt } },
  });
  const hash = parseTransactionId(chainIdOf(refund.payment.attempt?.asset ?? ""), txHash);
  if (refund.mode !== "live")
    throw new AppError("forbidden", "Test-mode refunds complete at once; there is no transfer to check.");
  if (refund.status === "succeeded" && refund.txId === hash) return { refund, result: "confirmed" };
  if (refund.status !== "pending")
    throw new AppError(
      "conflict",
      `This refund is already ${refund.status}${refund.txId ? ` with transaction ${refund.txId}` : ""}.`,
    );
  const route = refundRoute(refund.payment);
  if (!route) throw new AppError("params_validation", "This payment has no on-chain payer to refund to.");
  const chainId = chainIdOf(route.asset);
  const chain = getChain(chainId);
  const cluster = getSolanaCluster(chainId);
  if (!chain && !cluster)
    throw new AppError(
      "params_validation",
      `Refunds on ${chainId} cannot be verified: no RPC is configured for it.`,
    );
  const expected = {
    destination: route.to,
    source: route.from,
    minValue: refund.assetValue
      ? BigInt(refund.assetValue.toFixed())
      : refundValueInAsset(refund.amountValue.toFixed(), refund.payment),
    notBefore: refund.createdAt,
  };
  const verification = cluster
    ? await verifySolanaReturn(cluster, hash, { ...expected, asset: route.asset }, read)
    : await verifyTransfer(chain!, hash as Hash, {
        ...expected,
        asset: await assetInfo(chain!, route.asset),
        notAfter: noExpiry,
      });
  if (verification.kind === "not_found") return { refund, result: "not_found" };
  if (verification.kind === "rejected") return { refund, result: "rejected", reason: verification.reason };

  const { transfer } = verification;
  try {
    return await db().$transaction(async (tx) => {
      const current = await tx.refund.findUniqueOrThrow({ where: { id: refund.id } });
      if (current.status !== "pending")
        return {
          refund: current,
          result: current.txId === hash ? ("confirmed" as const) : ("used" as const),
          reason: "This refund was completed by another transaction.",
        };
      const claim = { chainId, txHash: hash, logIndex: transfer.logIndex };
      const existing = await tx.chainTransfer.findUnique({ where: { chainId_txHash_logIndex: claim } });
      if (existing && existing.refundId !== refund.id)
        return {
          refund: current,
          result: "used" as const,
          reason: "This transaction already paid or refunded something else.",
        };
      if (!existing) {
        await tx.chainTransfer.create({
          data: {
            id: newId("tx"),
            accountId: refund.accountId,
            mode: refund.mode,
            refundId: refund.id,
            ...claim,
            asset: route.asset,
            fromAddress: transfer.from,
            toAddress: transfer.to,
            value: transfer.value.toString(),
            blockNumber: transfer.blockNumber,
            blockTime: transfer.blockTime,
          },
        });
      }
      if (verification.kind === "confirming") return { refund: current, result: "confirming" as const };
      return { refund: await completeRefund(tx, current, hash), result: "confirmed" as const };
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      return { refund, result: "used", reason: "This transaction already paid or refunded something else." };
    }
    // Completed by another path (the watcher, a second submission) at the same moment.
    if (error instanceof AppError && error.code === "conflict")
      return {
        refund: await db().refund.findUniqueOrThrow({ where: { id: refund.id } }),
        result: "confirmed",
      };
    throw error;
  }
}
