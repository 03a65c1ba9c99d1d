import "server-only";
import { claimOf, transactionKey } from "@/lib/core/chain/transaction-key";
import type { Chain } from "@/lib/core/chain/chains";
import type { SolanaCluster } from "@/lib/core/chain/solana/clusters";
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
  /** Known when the watcher read it with the transfer (a Solana transaction's blockTime); else read from the EVM block. */
  blockTime?: Date;
};

/**
 * Puts a transfer that reached the accounts' destinations and paid nothing into each account's
 * unmatched transfers inbox, unless a payment or refund has claimed it. The watcher re-reads recent
 * blocks, so this runs again for the same transfer: the unique key makes it a no-op then. On
 * Solana, `blockNumber` is the slot and `logIndex` the receiving account's index among the
 * transaction's accounts (one row per account and transaction).
 */
export async function recordUnmatchedTransfer(
  chain: Chain | SolanaCluster,
  transfer: UnmatchedCandidate,
  accountIds: string[],
  refusedByPaymentId?: string,
): Promise<void> {
  const key = {
    chainId: chain.id,
    txHash: transactionKey(chain.id, transfer.txHash),
    logIndex: transfer.logIndex,
  };
  if (await db().chainTransfer.findFirst({ where: claimOf(key), select: { id: true } })) return;
  const known = await db().unmatchedTransfer.findMany({
    where: { ...key, accountId: { in: accountIds } },
    select: { accountId: true },
  });
  const missing = accountIds.filter((id) => !known.some((k) => k.accountId === id));
  if (!missing.length) return;
  const blockTime =
    transfer.blockTime ??
    new Date(
      Number((await chainClient(chain as Chain).getBlock({ blockNumber: transfer.blockNumber })).timestamp) *
        1000,
    );
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
      blockTime,
      refusedByPaymentId: refusedByPaymentId ?? null,
    })),
    skipDuplicates: true,
  });
}
