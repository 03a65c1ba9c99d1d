import { describe, expect, it } from "vitest";
import type { SolanaCluster } from "@/lib/core/chain/solana/clusters";
import type { FinalizedTransaction } from "@/lib/core/chain/solana/transaction";
import { verifySolanaReturn } from "./verify-solana-return";

// A refund's return read from a finalized transaction (as the node's getTransaction answers):
// token balances by owner before and after, lamports by account key.
const cluster = { id: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", name: "Solana" } as SolanaCluster;
const mint = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const usdc = `${cluster.id}/token:${mint}`;
const merchant = "GKWm198oWKSLPUjR1qxw4pTWW4ghKaFxhmDVcKVDT8DZ";
const buyer = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
const stranger = "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T";
const made = new Date("2026-11-27T08:00:00Z");

function tx(moves: { owner: string; before: bigint; after: bigint }[], at = made): FinalizedTransaction {
  const balance = (owner: string, amount: bigint, accountIndex: number) => ({
    accountIndex,
    mint,
    owner,
    uiTokenAmount: { amount: amount.toString() },
  });
  return {
    slot: 77n,
    blockTime: BigInt(at.getTime() / 1000 + 5),
    meta: {
      err: null,
      preBalances: [5_000_000n],
      postBalances: [4_995_000n],
      preTokenBalances: moves.map((m, i) => balance(m.owner, m.before, i + 1)),
      postTokenBalances: moves.map((m, i) => balance(m.owner, m.after, i + 1)),
    },
    transaction: { message: { accountKeys: [merchant] } },
  } as unknown as FinalizedTransaction;
}

const expectation = {
  asset: usdc,
  source: merchant,
  destination: buyer,
  minValue: 1_000_000n,
  notBefore: made,
};
const check = (read: FinalizedTransaction) => verifySolanaReturn(cluster, "sig", expectation, read);

describe("a Solana refund's return", () => {
  it("is confirmed when at least the amount left the merchant's wallet for the buyer's, after the refund", async () => {
    const found = await check(
      tx([
        { owner: merchant, before: 5_000_000n, after: 4_000_000n },
        { owner: buyer, before: 0n, after: 1_000_000n },
      ]),
    );
    expect(found).toMatchObject({
      kind: "confirmed",
      transfer: { txHash: "sig", from: merchant, to: buyer, value: 1_000_000n, blockNumber: 77n },
    });
  });

  it("is refused when short, from someone else, to someone else, or before the refund was made", async () => {
    const short = await check(
      tx([
        { owner: merchant, before: 5_000_000n, after: 4_000_001n },
        { owner: buyer, before: 0n, after: 999_999n },
      ]),
    );
    expect(short).toMatchObject({ kind: "rejected", code: "underpaid" });
    const thirdParty = await check(
      tx([
        { owner: stranger, before: 5_000_000n, after: 4_000_000n },
        { owner: buyer, before: 0n, after: 1_000_000n },
      ]),
    );
    expect(thirdParty).toMatchObject({ kind: "rejected", code: "wrong_source" });
    const elsewhere = await check(
      tx([
        { owner: merchant, before: 5_000_000n, after: 4_000_000n },
        { owner: stranger, before: 0n, after: 1_000_000n },
      ]),
    );
    expect(elsewhere).toMatchObject({ kind: "rejected", code: "wrong_destination" });
    const early = await check(
      tx(
        [
          { owner: merchant, before: 5_000_000n, after: 4_000_000n },
          { owner: buyer, before: 0n, after: 1_000_000n },
        ],
        new Date(made.getTime() - 60_000),
      ),
    );
    expect(early).toMatchObject({ kind: "rejected", code: "too_early" });
  });
});
