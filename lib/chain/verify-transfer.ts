import "server-only";
import { decodeEventLog, erc20Abi, getAddress, isAddressEqual, type Hash } from "viem";
import type { Chain } from "./chains";
import { chainClient } from "./client";
import type { AssetInfo } from "./asset-info";

export type Expectation = {
  asset: AssetInfo;
  /** EVM address the funds must reach. */
  destination: string;
  minValue: bigint;
  /** The transfer's block must be at or after this time (the payment's creation)... */
  notBefore: Date;
  /** ...and at or before this one (its expiry). */
  notAfter: Date;
};

export type Transfer = { txHash: string; logIndex: number; from: string; to: string; value: bigint; blockNumber: bigint; blockTime: Date };

export type Verification =
  | { kind: "not_found" }
  | { kind: "rejected"; reason: string; transfer?: Transfer }
  | { kind: "confirming" | "confirmed"; transfer: Transfer; confirmations: number; required: number };

// Block timestamps are set by whoever built the block (on Ethereum, the slot's start), so a transfer
// sent after a payment was created can carry a slightly earlier time.
export const blockClockSlackMs = 15_000;

// Native transfers have no log; they take this index in the (chain, tx, log index) uniqueness key.
export const nativeLogIndex = -1;

/**
 * The one check every path into live verification uses: did this transaction move at least the
 * expected amount of the expected asset to the expected destination, inside the payment's window,
 * and how deeply is it confirmed? It reads the chain and nothing else.
 */
export async function verifyTransfer(chain: Chain, txHash: Hash, expected: Expectation): Promise<Verification> {
  const client = chainClient(chain);
  const receipt = await client.getTransactionReceipt({ hash: txHash }).catch((error: { name?: string }) => {
    if (error?.name === "TransactionReceiptNotFoundError") return null;
    throw error;
  });
  if (!receipt) return { kind: "not_found" };
  if (receipt.status !== "success") return { kind: "rejected", reason: "The transaction reverted on-chain." };

  const block = await client.getBlock({ blockNumber: receipt.blockNumber });
  const blockTime = new Date(Number(block.timestamp) * 1000);
  const destination = getAddress(expected.destination);
  let transfer: Transfer | null = null;

  if (expected.asset.kind === "native") {
    const tx = await client.getTransaction({ hash: txHash });
    if (!tx.to || !isAddressEqual(tx.to, destination)) return { kind: "rejected", reason: "The transaction does not pay the merchant's destination." };
    transfer = { txHash, logIndex: nativeLogIndex, from: getAddress(tx.from), to: destination, value: tx.value, blockNumber: receipt.blockNumber, blockTime };
  } else {
    const toDestination = receipt.logs.flatMap((log) => {
      try {
        const event = decodeEventLog({ abi: erc20Abi, eventName: "Transfer", data: log.data, topics: log.topics });
        return isAddressEqual(event.args.to, destination) ? [{ log, args: event.args }] : [];
      } catch {
        return [];
      }
    });
    const ofAsset = toDestination.filter(({ log }) => isAddressEqual(log.address, expected.asset.address!));
    if (ofAsset.length === 0) {
      return { kind: "rejected", reason: toDestination.length ? "The transaction pays the destination in a different token." : "The transaction has no transfer of this token to the merchant's destination." };
    }
    const best = ofAsset.reduce((a, b) => (b.args.value > a.args.value ? b : a));
    transfer = { txHash, logIndex: best.log.logIndex, from: getAddress(best.args.from), to: destination, value: best.args.value, blockNumber: receipt.blockNumber, blockTime };
  }

  if (transfer.value < expected.minValue) {
    return { kind: "rejected", reason: `Underpaid: ${transfer.value} received, ${expected.minValue} expected (smallest units of ${expected.asset.symbol}).`, transfer };
  }
  if (blockTime < new Date(expected.notBefore.getTime() - blockClockSlackMs)) return { kind: "rejected", reason: "The transaction was mined before this payment was created.", transfer };
  if (blockTime > expected.notAfter) return { kind: "rejected", reason: "The transaction was mined after this payment expired.", transfer };

  const latest = await client.getBlockNumber({ cacheTime: 0 });
  const confirmations = Number(latest - receipt.blockNumber) + 1;
  return { kind: confirmations >= chain.confirmations ? "confirmed" : "confirming", transfer, confirmations, required: chain.confirmations };
}
