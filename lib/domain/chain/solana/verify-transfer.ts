import "server-only";
import type { SolanaCluster } from "@/lib/core/chain/solana/clusters";
import { finalizedTransaction } from "@/lib/core/chain/solana/transaction";

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

type TokenBalance = { mint: string; owner?: string; uiTokenAmount: { amount: string } };

/**
 * What a transaction moved to `destination` (the merchant's wallet), read at `finalized`
 * commitment: for a token, the growth of the destination's token account of that mint (its
 * balances before and after, as the node reports them); for SOL, the growth of the wallet's
 * lamports. `from` is `expect.payer` when known (the Gateway's buyer, who is not the fee payer),
 * else the transaction's fee payer (a wallet paying a Solana Pay request pays its own fee).
 */
export async function readSolanaTransfer(
  cluster: SolanaCluster,
  txSignature: string,
  expect: { destination: string; mint: string | null; payer: string | null },
): Promise<SolanaVerification> {
  const tx = await finalizedTransaction(cluster, txSignature);
  if (!tx) return { kind: "not_found" };
  if (tx.meta?.err)
    return {
      kind: "failed",
      reason: `The transaction failed: ${JSON.stringify(tx.meta.err, (_k, v) => (typeof v === "bigint" ? v.toString() : v))}`,
    };
  const keys = tx.transaction.message.accountKeys.map(String);
  const received = (mint: string) => {
    const held = (list: readonly TokenBalance[] | undefined) =>
      (list ?? [])
        .filter((b) => b.mint === mint && b.owner === expect.destination)
        .reduce((sum, b) => sum + BigInt(b.uiTokenAmount.amount), 0n);
    return held(tx.meta?.postTokenBalances) - held(tx.meta?.preTokenBalances);
  };
  let value = 0n;
  if (expect.mint) value = received(expect.mint);
  else {
    const index = keys.indexOf(expect.destination);
    if (index >= 0) value = BigInt(tx.meta!.postBalances[index]!) - BigInt(tx.meta!.preBalances[index]!);
  }
  const mints = new Set((tx.meta?.postTokenBalances ?? []).map((b) => b.mint as string));
  const otherMints = [...mints]
    .filter((mint) => mint !== expect.mint)
    .map((mint) => ({ mint, value: received(mint) }))
    .filter((m) => m.value > 0n);
  return {
    kind: "finalized",
    transfer: {
      signature: txSignature,
      from: expect.payer || keys[0]!,
      to: expect.destination,
      value,
      otherMints,
      slot: BigInt(tx.slot),
      blockTime: new Date(Number(tx.blockTime ?? 0) * 1000),
    },
  };
}
