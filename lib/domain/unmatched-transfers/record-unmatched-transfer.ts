import "server-only";
import { transactionKey } from "@/lib/core/chain/transaction-key";
import type { Chain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";

/** A transfer as the watcher read it from a block or a Transfer log. */
export type UnmatchedCandidate = {
  asset: string;
  from: string;
  to: string;
  value: bigint;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
};

/**
 * Puts a transfer that reached the accounts' destinations and paid nothing into each account's
 * unmatched transfers inbox, unless a payment or refund has claimed it. The watcher re-reads recent
 * blocks, so this runs again for the same transfer: the unique key makes it a no-op then.
 */
export async function recordUnmatchedTransfer(
  chain: Chain,
  transfer: UnmatchedCandidate,
  accountIds: string[],
  refusedByPaymentId?: string,
): Promise<void> {
  const key = {
    chainId: chain.id,
    txHash: transactionKey(chain.id, transfer.txHash),
    logIndex: transfer.logIndex,
  };
  if (await db().chainTransfer.findUnique({ where: { chainId_txHash_logIndex: key }, select: { id: true } }))
    return;
  const known = await db().unmatchedTransfer.findMany({
    where: { ...key, accountId: { in: accountIds } },
    select: { accountId: true },
  });
  const missing = accountIds.filter((id) => !known.some((k) => k.accountId === id));
  if (!missing.length) return;
  const block = await chainClient(chain).getBlock({ blockNumber: transfer.blockNumber });
  await db().unmatchedTransfer.createMany({
    data: missing.map((accountId) => ({
      id: newId("utx"),
      accountId,
      mode: "live" as const,
      ...key,
      asset: transfer.asset,
      fromAddress: transfer.from,
      toAddress: transfer.to,
      value: transfer.value.toString(),
      blockNumber: transfer.blockNumber,
      blockTime: new Date(Number(block.timestamp) * 1000),
      refusedByPaymentId: refusedByPaymentId ?? null,
    })),
    skipDuplicates: true,
  });
}
