import "server-only";
import { signature as toSignature } from "@solana/kit";
import { solanaRpc, type SolanaCluster } from "./clusters";

/** A transaction as the cluster holds it at `commitment` (json encoding, legacy and v0), or null. */
export function solanaTransaction(
  cluster: SolanaCluster,
  txSignature: string,
  commitment: "confirmed" | "finalized",
) {
  return solanaRpc(cluster)
    .getTransaction(toSignature(txSignature), {
      commitment,
      encoding: "json",
      maxSupportedTransactionVersion: 0,
    })
    .send();
}

/** A transaction as the cluster holds it at `finalized`, or null. */
export function finalizedTransaction(cluster: SolanaCluster, txSignature: string) {
  return solanaTransaction(cluster, txSignature, "finalized");
}

export type FinalizedTransaction = NonNullable<Awaited<ReturnType<typeof finalizedTransaction>>>;

/**
 * A transaction's accounts as Solana numbers them: its static keys, then those loaded from lookup
 * tables, writable before read-only.
 */
export function transactionAccounts(tx: Pick<FinalizedTransaction, "transaction" | "meta">): string[] {
  const loaded = tx.meta?.loadedAddresses;
  return [
    ...tx.transaction.message.accountKeys,
    ...(loaded?.writable ?? []),
    ...(loaded?.readonly ?? []),
  ].map(String);
}

/** The asset key of SOL in balanceChanges (CAIP-19's asset part); a token's is `token:<mint>`. */
export const nativeSol = "slip44:501";

type TokenBalance = { mint: string; owner?: string; uiTokenAmount: { amount: string } };

/**
 * What each wallet gained (positive) or lost (negative) in a transaction, per asset (`token:<mint>`
 * by its owner's token balances before and after, as the node reports them; `slip44:501` by each
 * account's lamports, fees included).
 */
export function balanceChanges(tx: FinalizedTransaction): Map<string, Map<string, bigint>> {
  const changes = new Map<string, Map<string, bigint>>();
  const add = (asset: string, owner: string, delta: bigint) => {
    const byOwner = changes.get(asset) ?? new Map<string, bigint>();
    byOwner.set(owner, (byOwner.get(owner) ?? 0n) + delta);
    changes.set(asset, byOwner);
  };
  const tokens = (list: unknown, sign: bigint) => {
    for (const b of (list ?? []) as readonly TokenBalance[])
      if (b.owner) add(`token:${b.mint}`, b.owner, sign * BigInt(b.uiTokenAmount.amount));
  };
  tokens(tx.meta?.postTokenBalances, 1n);
  tokens(tx.meta?.preTokenBalances, -1n);
  tx.transaction.message.accountKeys.forEach((key, index) =>
    add(nativeSol, String(key), BigInt(tx.meta!.postBalances[index]!) - BigInt(tx.meta!.preBalances[index]!)),
  );
  return changes;
}

/**
 * Who sent an asset in a transaction: the wallet whose balance of it fell the most (the buyer, the
 * token transfer's source owner, even when Tollgate's relayer paid the fee), else the fee payer.
 */
export function senderOf(tx: FinalizedTransaction, changes: Map<string, Map<string, bigint>>, asset: string) {
  let sender = String(tx.transaction.message.accountKeys[0]);
  let most = 0n;
  for (const [owner, delta] of changes.get(asset) ?? []) if (delta < most) [sender, most] = [owner, delta];
  return sender;
}

export type SolanaTransactionTransfers =
  | { kind: "failed"; reason: string }
  | {
      kind: "transfers";
      blockTime: Date;
      /** What each wallet received: a token by its owner's token-account growth, SOL by lamports. */
      seen: { asset: string; from: string; to: string; value: bigint; logIndex: 0 }[];
    };

/**
 * Every wallet a finalized Solana transaction paid, for support's "find a transaction": the growth
 * of each owner's token balance per mint, and of each account's lamports other than the fee
 * payer's, each from the wallet that sent that asset (senderOf). Null when the cluster does not
 * know the signature.
 */
export async function solanaTransactionTransfers(
  cluster: SolanaCluster,
  txSignature: string,
): Promise<SolanaTransactionTransfers | null> {
  const tx = await finalizedTransaction(cluster, txSignature);
  if (!tx) return null;
  if (tx.meta?.err)
    return { kind: "failed", reason: `The transaction failed on ${cluster.name}: it moved nothing.` };
  const feePayer = String(tx.transaction.message.accountKeys[0]);
  const changes = balanceChanges(tx);
  const seen = [...changes].flatMap(([asset, byOwner]) =>
    [...byOwner]
      .filter(([owner, value]) => value > 0n && !(asset === nativeSol && owner === feePayer))
      .map(([to, value]) => ({
        asset: `${cluster.id}/${asset}`,
        from: senderOf(tx, changes, asset),
        to,
        value,
        logIndex: 0 as const,
      })),
  );
  return { kind: "transfers", blockTime: new Date(Number(tx.blockTime ?? 0) * 1000), seen };
}
