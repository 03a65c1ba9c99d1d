import "server-only";
import type { SolanaCluster } from "@/lib/core/chain/solana/clusters";
import {
  balanceChanges,
  finalizedTransaction,
  nativeSol,
  senderOf,
  type FinalizedTransaction,
} from "@/lib/core/chain/solana/transaction";

export type SolanaTransfer = {
  signature: string;
  from: string;
  to: string;
  value: bigint;
  /** Other mints the destination's token accounts received in the same transaction (a wrong token). */
  otherMints: { mint: string; value: bigint }[];
  slot: bigint;
  blockTime: Date;
};
export type SolanaVerification =
  | { kind: "not_found" }
  | { kind: "failed"; reason: string }
  | { kind: "finalized"; transfer: SolanaTransfer };

/**
 * What a transaction moved to `destination` (the merchant's wallet), read at `finalized`
 * commitment (or as the watcher already read it, `read`): for a token, the growth of the
 * destination's token account of that mint (its balances before and after, as the node reports
 * them); for SOL, the growth of the wallet's lamports. `from` is `expect.payer` when known (the
 * Gateway's buyer), else the wallet the asset left (senderOf: the token's source owner, not the
 * fee payer).
 */
export async function readSolanaTransfer(
  cluster: SolanaCluster,
  txSignature: string,
  expect: { destination: string; mint: string | null; payer: string | null },
  read?: FinalizedTransaction,
): Promise<SolanaVerification> {
  const tx = read ?? (await finalizedTransaction(cluster, txSignature));
  if (!tx) return { kind: "not_found" };
  if (tx.meta?.err) return { kind: "failed", reason: `The transaction failed: ${errorText(tx.meta.err)}` };
  const changes = balanceChanges(tx);
  const asset = expect.mint ? `token:${expect.mint}` : nativeSol;
  const received = (key: string) => changes.get(key)?.get(expect.destination) ?? 0n;
  const otherMints = [...changes.keys()]
    .filter((key) => key.startsWith("token:") && key !== asset)
    .map((key) => ({ mint: key.slice("token:".length), value: received(key) }))
    .filter((m) => m.value > 0n);
  return {
    kind: "finalized",
    transfer: {
      signature: txSignature,
      from: expect.payer || senderOf(tx, changes, asset),
      to: expect.destination,
      value: received(asset),
      otherMints,
      slot: BigInt(tx.slot),
      blockTime: new Date(Number(tx.blockTime ?? 0) * 1000),
    },
  };
}

export const errorText = (err: unknown) =>
  JSON.stringify(err, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
