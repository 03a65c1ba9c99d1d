import "server-only";
import { signature as toSignature } from "@solana/kit";
import { solanaRpc, type SolanaCluster } from "@/lib/core/chain/solana/clusters";

export type SolanaTransfer = {
  signature: string;
  from: string;
  to: string;
  value: bigint;
  slot: bigint;
  blockTime: Date;
};
export type SolanaVerification =
  | { kind: "not_found" }
  | { kind: "failed"; reason: string }
  | { kind: "finalized"; transfer: SolanaTransfer };

/**
 * What a transaction moved to `destination` (the merchant's wallet), read at `finalized`
 * commitment: for a token, the growth of the destination's token account of that mint (its
 * balances before and after, as the node reports them); for SOL, the growth of the wallet's
 * lamports. `from` is the transaction's first signer after the fee payer (the buyer).
 */
export async function readSolanaTransfer(
  cluster: SolanaCluster,
  txSignature: string,
  expect: { destination: string; mint: string | null; payer: string },
): Promise<SolanaVerification> {
  const tx = await solanaRpc(cluster)
    .getTransaction(toSignature(txSignature), {
      commitment: "finalized",
      encoding: "json",
      maxSupportedTransactionVersion: 0,
    })
    .send();
  if (!tx) return { kind: "not_found" };
  if (tx.meta?.err)
    return {
      kind: "failed",
      reason: `The transaction failed: ${JSON.stringify(tx.meta.err, (_k, v) => (typeof v === "bigint" ? v.toString() : v))}`,
    };
  const keys = tx.transaction.message.accountKeys.map(String);
  let value = 0n;
  if (expect.mint) {
    const amount = (
      list: readonly { mint: string; owner?: string; uiTokenAmount: { amount: string } }[] | undefined,
    ) =>
      (list ?? [])
        .filter((b) => b.mint === expect.mint && b.owner === expect.destination)
        .reduce((sum, b) => sum + BigInt(b.uiTokenAmount.amount), 0n);
    value = amount(tx.meta?.postTokenBalances) - amount(tx.meta?.preTokenBalances);
  } else {
    const index = keys.indexOf(expect.destination);
    if (index >= 0) value = BigInt(tx.meta!.postBalances[index]!) - BigInt(tx.meta!.preBalances[index]!);
  }
  return {
    kind: "finalized",
    transfer: {
      signature: txSignature,
      from: expect.payer,
      to: expect.destination,
      value,
      slot: BigInt(tx.slot),
      blockTime: new Date(Number(tx.blockTime ?? 0) * 1000),
    },
  };
}
