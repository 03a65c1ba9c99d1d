import "server-only";
import { signature as toSignature } from "@solana/kit";
import { solanaRpc, type SolanaCluster } from "./clusters";

/** A transaction as the cluster holds it at `finalized` (json encoding, legacy and v0), or null. */
export function finalizedTransaction(cluster: SolanaCluster, txSignature: string) {
  return solanaRpc(cluster)
    .getTransaction(toSignature(txSignature), {
      commitment: "finalized",
      encoding: "json",
      maxSupportedTransactionVersion: 0,
    })
    .send();
}

export type SolanaTransactionTransfers =
  | { kind: "failed"; reason: string }
  | {
      kind: "transfers";
      blockTime: Date;
      /** What each wallet received: a token by its owner's token-account growth, SOL by lamports. */
      seen: { asset: string; from: string; to: string; value: bigint; logIndex: 0 }[];
    };

type TokenBalance = { mint: string; owner?: string; uiTokenAmount: { amount: string } };

/**
 * Every wallet a finalized Solana transaction paid, for support's "find a transaction": the growth
 * of each owner's token balance per mint, and of each account's lamports other than the fee
 * payer's (who pays, so is the sender). Null when the cluster does not know the signature.
 */
export async function solanaTransactionTransfers(
  cluster: SolanaCluster,
  txSignature: string,
): Promise<SolanaTransactionTransfers | null> {
  const tx = await finalizedTransaction(cluster, txSignature);
  if (!tx) return null;
  if (tx.meta?.err)
    return { kind: "failed", reason: `The transaction failed on ${cluster.name}: it moved nothing.` };
  const keys = tx.transaction.message.accountKeys.map(String);
  const from = keys[0]!;
  const held = new Map<string, bigint>();
  const add = (list: readonly TokenBalance[] | undefined, sign: bigint) => {
    for (const b of list ?? []) {
      if (!b.owner) continue;
      const key = `${b.mint} ${b.owner}`;
      held.set(key, (held.get(key) ?? 0n) + sign * BigInt(b.uiTokenAmount.amount));
    }
  };
  add(tx.meta?.postTokenBalances as readonly TokenBalance[] | undefined, 1n);
  add(tx.meta?.preTokenBalances as readonly TokenBalance[] | undefined, -1n);
  const seen = [...held]
    .filter(([, value]) => value > 0n)
    .map(([key, value]) => {
      const [mint, owner] = key.split(" ") as [string, string];
      return { asset: `${cluster.id}/token:${mint}`, from, to: owner, value, logIndex: 0 as const };
    });
  keys.forEach((key, index) => {
    const grew = BigInt(tx.meta!.postBalances[index]!) - BigInt(tx.meta!.preBalances[index]!);
    if (index > 0 && grew > 0n)
      seen.push({ asset: `${cluster.id}/slip44:501`, from, to: key, value: grew, logIndex: 0 });
  });
  return { kind: "transfers", blockTime: new Date(Number(tx.blockTime ?? 0) * 1000), seen };
}
