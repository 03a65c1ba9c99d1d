import "server-only";
import type { SolanaCluster } from "@/lib/core/chain/solana/clusters";
import {
  balanceChanges,
  finalizedTransaction,
  type FinalizedTransaction,
} from "@/lib/core/chain/solana/transaction";
import { blockClockSlackMs, type Verification } from "@/lib/core/chain/verify-transfer";
import { errorText } from "@/lib/core/chain/solana/read-transfer";

/**
 * A Solana transaction checked as a refund's return (the same answer as EVM's verifyTransfer, so
 * verifyRefundTransaction claims it the same way), read at `finalized` (or as the watcher already
 * read it, `read`): `destination` (the buyer's wallet) must have received at least `minValue` of
 * `asset` (CAIP-19) and `source` (the merchant's wallet) must have sent it, after `notBefore`. A
 * finalized transaction cannot be rolled back, so a return that passes is `confirmed` at once.
 */
export async function verifySolanaReturn(
  cluster: SolanaCluster,
  txSignature: string,
  expect: { asset: string; source: string; destination: string; minValue: bigint; notBefore: Date },
  read?: FinalizedTransaction,
): Promise<Verification> {
  const tx = read ?? (await finalizedTransaction(cluster, txSignature));
  if (!tx) return { kind: "not_found" };
  if (tx.meta?.err)
    return {
      kind: "rejected",
      code: "reverted",
      reason: `The transaction failed: ${errorText(tx.meta.err)}`,
    };
  const moved = balanceChanges(tx).get(expect.asset.split("/")[1]!);
  const received = moved?.get(expect.destination) ?? 0n;
  const transfer = {
    txHash: txSignature,
    logIndex: 0,
    from: expect.source,
    to: expect.destination,
    value: received,
    blockNumber: BigInt(tx.slot),
    blockTime: new Date(Number(tx.blockTime ?? 0) * 1000),
  };
  if (received <= 0n)
    return {
      kind: "rejected",
      code: "wrong_destination",
      reason:
        "The transaction has no transfer of this token from the merchant's destination to the buyer's address.",
    };
  if ((moved?.get(expect.source) ?? 0n) >= 0n)
    return {
      kind: "rejected",
      code: "wrong_source",
      reason: "The transaction is not sent from the merchant's destination.",
      transfer,
    };
  if (received < expect.minValue)
    return {
      kind: "rejected",
      code: "underpaid",
      reason: `Underpaid: ${received} received, ${expect.minValue} expected (smallest units).`,
      transfer,
    };
  if (transfer.blockTime.getTime() < expect.notBefore.getTime() - blockClockSlackMs)
    return {
      kind: "rejected",
      code: "too_early",
      reason: "The transaction was finalized before this refund was created.",
      transfer,
    };
  return { kind: "confirmed", transfer, confirmations: 1, required: 1 };
}
