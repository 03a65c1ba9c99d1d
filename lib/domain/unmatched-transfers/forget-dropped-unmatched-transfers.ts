import "server-only";
import { TransactionReceiptNotFoundError, type Hash } from "viem";
import type { Chain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import { db } from "@/lib/core/db";
import { logger } from "@/lib/core/log/logger";
import { droppedAfterBlocks } from "@/lib/domain/payments/verify-payment";

/**
 * Takes out of the inbox the open transfers on `chain` whose transaction is no longer on it
 * (reorganised out deeper than the chain's confirmations): that money never arrived, so support must
 * not attach or return it. Only transfers not yet final are checked (`droppedAfterBlocks` deep, the
 * same horizon as a confirming payment's), one receipt each. Should the transaction be mined again,
 * the watcher reads it in its new block and files it anew.
 */
export async function forgetDroppedUnmatchedTransfers(chain: Chain, latest: bigint): Promise<number> {
  const recent = await db().unmatchedTransfer.findMany({
    where: {
      mode: "live",
      chainId: chain.id,
      status: "open",
      blockNumber: { gt: latest - droppedAfterBlocks },
    },
    select: { id: true, txHash: true },
  });
  const dropped: string[] = [];
  for (const txHash of new Set(recent.map((r) => r.txHash))) {
    const receipt = await chainClient(chain)
      .getTransactionReceipt({ hash: txHash as Hash })
      .catch((error: unknown) => {
        if (error instanceof TransactionReceiptNotFoundError) return null;
        throw error;
      });
    if (!receipt) dropped.push(txHash);
  }
  if (!dropped.length) return 0;
  const { count } = await db().unmatchedTransfer.deleteMany({
    where: { chainId: chain.id, status: "open", txHash: { in: dropped } },
  });
  logger.info(
    { chain: chain.id, txHashes: dropped },
    `Chain: ${count} unmatched transfer(s) left ${chain.name} (reorganised out) and were taken out of the inbox.`,
  );
  return count;
}
