import "server-only";
import { decodeEventLog, erc20Abi, getAddress, isAddressEqual, parseAbi, zeroAddress, type Hash } from "viem";
import { isSignature } from "@solana/kit";
import { AppError } from "@/lib/core/errors/errors";
import { networkName } from "@/lib/core/money/networks";
import type { Chain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import type { AssetInfo } from "@/lib/core/chain/asset-info";

/** contracts/DepositForwarder.sol's record of a sweep (token zero: the native coin). */
const sweptAbi = parseAbi(["event Swept(address indexed token, address indexed destination, uint256 value)"]);

export type Expectation = {
  asset: AssetInfo;
  /** EVM address the funds must reach... */
  destination: string;
  /** ...and, when given, the address they must come from (a refund leaves the merchant's destination). */
  source?: string;
  /**
   * A payment's deposit address (a Tollgate forwarder) whose sweep this transaction is: its native
   * coin moves inside the transaction, so it is read from that forwarder's own `Swept` event.
   */
  forwarder?: string;
  minValue: bigint;
  /** The transfer's block must be at or after this time (the payment's creation)... */
  notBefore: Date;
  /** ...and at or before this one (its expiry). */
  notAfter: Date;
};

export type Transfer = {
  txHash: string;
  logIndex: number;
  from: string;
  to: string;
  value: bigint;
  blockNumber: bigint;
  blockTime: Date;
};

export type RejectionCode =
  | "reverted"
  | "wrong_destination"
  | "wrong_source"
  | "wrong_asset"
  | "no_transfer"
  | "underpaid"
  | "too_early"
  | "too_late";

export type Verification =
  | { kind: "not_found" }
  | {
      kind: "rejected";
      code: RejectionCode;
      reason: string;
      transfer?: Transfer;
      /** The token actually sent, for `wrong_asset`. */ tokenAddress?: string;
    }
  | { kind: "confirming" | "confirmed"; transfer: Transfer; confirmations: number; required: number };

// Block timestamps are set by whoever built the block (on Ethereum, the slot's start), so a transfer
// sent after a payment was created can carry a slightly earlier time.
export const blockClockSlackMs = 15_000;

// Native transfers have no log; they take this index in the (chain, tx, log index) uniqueness key.
export const nativeLogIndex = -1;

const txHashPattern = /^0x[0-9a-fA-F]{64}$/;
const base58Pattern = /^[1-9A-HJ-NP-Za-km-z]+$/;

/**
 * A transaction id as given for a transfer on `chainId`: a Solana signature (base58, case kept),
 * else an EVM hash (parseTxHash); a field error on `txHash` otherwise.
 */
export function parseTransactionId(chainId: string, txHash: string): string {
  if (!chainId.startsWith("solana:")) return parseTxHash(txHash);
  // isSignature decodes base58 and throws on any other character (an EVM hash's 0): test the alphabet first.
  if (!base58Pattern.test(txHash) || !isSignature(txHash))
    throw new AppError("params_validation", "A Solana transaction signature is 87 or 88 base58 characters.", {
      fields: { txHash: "Must be a Solana transaction signature: 87 or 88 base58 characters." },
    });
  return txHash;
}

/** The hash in lower case, or a field error on `txHash`. */
export function parseTxHash(txHash: string): Hash {
  if (!txHashPattern.test(txHash))
    throw new AppError("params_validation", "A transaction hash is 0x followed by 64 hex digits.", {
      fields: { txHash: "Must be a transaction hash: 0x followed by 64 hexadecimal characters." },
    });
  return txHash.toLowerCase() as Hash;
}

/**
 * The one check every path into live verification uses: did this transaction move at least the
 * expected amount of the expected asset to the expected destination, inside the payment's window,
 * and how deeply is it confirmed? It reads the chain and nothing else.
 */
export async function verifyTransfer(
  chain: Chain,
  txHash: Hash,
  expected: Expectation,
): Promise<Verification> {
  const client = chainClient(chain);
  const receipt = await client.getTransactionReceipt({ hash: txHash }).catch((error: { name?: string }) => {
    if (error?.name === "TransactionReceiptNotFoundError") return null;
    throw error;
  });
  if (!receipt) return { kind: "not_found" };
  if (receipt.status !== "success")
    return { kind: "rejected", code: "reverted", reason: "The transaction reverted on-chain." };

  const block = await client.getBlock({ blockNumber: receipt.blockNumber });
  const blockTime = new Date(Number(block.timestamp) * 1000);
  const destination = getAddress(expected.destination);
  const source = expected.source ? getAddress(expected.source) : null;
  let transfer: Transfer | null = null;

  if (expected.asset.kind === "native" && expected.forwarder) {
    const forwarder = getAddress(expected.forwarder);
    const swept = receipt.logs.flatMap((log) => {
      if (!isAddressEqual(log.address, forwarder)) return [];
      try {
        const event = decodeEventLog({ abi: sweptAbi, data: log.data, topics: log.topics });
        return event.args.token === zeroAddress && isAddressEqual(event.args.destination, destination)
          ? [{ log, value: event.args.value }]
          : [];
      } catch {
        return [];
      }
    })[0];
    if (!swept)
      return {
        kind: "rejected",
        code: "no_transfer",
        reason: "The transaction does not sweep the deposit address to the merchant's destination.",
      };
    transfer = {
      txHash,
      logIndex: swept.log.logIndex,
      from: forwarder,
      to: destination,
      value: swept.value,
      blockNumber: receipt.blockNumber,
      blockTime,
    };
  } else if (expected.asset.kind === "native") {
    const tx = await client.getTransaction({ hash: txHash });
    if (!tx.to || !isAddressEqual(tx.to, destination))
      return {
        kind: "rejected",
        code: "wrong_destination",
        reason: `The transaction does not pay ${source ? "the buyer's address" : "the merchant's destination"}.`,
      };
    if (source && !isAddressEqual(tx.from, source))
      return {
        kind: "rejected",
        code: "wrong_source",
        reason: "The transaction is not sent from the merchant's destination.",
      };
    transfer = {
      txHash,
      logIndex: nativeLogIndex,
      from: getAddress(tx.from),
      to: destination,
      value: tx.value,
      blockNumber: receipt.blockNumber,
      blockTime,
    };
  } else {
    const toDestination = receipt.logs.flatMap((log) => {
      try {
        const event = decodeEventLog({
          abi: erc20Abi,
          eventName: "Transfer",
          data: log.data,
          topics: log.topics,
        });
        // A sweep may empty many deposit addresses into one destination: only this forwarder's transfer counts.
        const from = source ?? (expected.forwarder ? getAddress(expected.forwarder) : null);
        const fromSource = !from || isAddressEqual(event.args.from, from);
        return isAddressEqual(event.args.to, destination) && fromSource ? [{ log, args: event.args }] : [];
      } catch {
        return [];
      }
    });
    const ofAsset = toDestination.filter(({ log }) => isAddressEqual(log.address, expected.asset.address!));
    if (ofAsset.length === 0) {
      const route = source
        ? "from the merchant's destination to the buyer's address"
        : "to the merchant's destination";
      const other = toDestination[0];
      if (!other)
        return {
          kind: "rejected",
          code: "no_transfer",
          reason: `The transaction has no transfer of this token ${route}.`,
        };
      return {
        kind: "rejected",
        code: "wrong_asset",
        reason: `The transaction pays ${source ? "the buyer" : "the destination"} in a different token.`,
        tokenAddress: getAddress(other.log.address),
        transfer: {
          txHash,
          logIndex: other.log.logIndex,
          from: getAddress(other.args.from),
          to: destination,
          value: other.args.value,
          blockNumber: receipt.blockNumber,
          blockTime,
        },
      };
    }
    const best = ofAsset.reduce((a, b) => (b.args.value > a.args.value ? b : a));
    transfer = {
      txHash,
      logIndex: best.log.logIndex,
      from: getAddress(best.args.from),
      to: destination,
      value: best.args.value,
      blockNumber: receipt.blockNumber,
      blockTime,
    };
  }

  if (blockTime < new Date(expected.notBefore.getTime() - blockClockSlackMs))
    return {
      kind: "rejected",
      code: "too_early",
      reason: "The transaction was mined before this payment was created.",
      transfer,
    };
  if (transfer.value < expected.minValue) {
    return {
      kind: "rejected",
      code: "underpaid",
      reason: `Underpaid: ${transfer.value} received, ${expected.minValue} expected (smallest units of ${expected.asset.symbol}).`,
      transfer,
    };
  }
  if (blockTime > expected.notAfter)
    return {
      kind: "rejected",
      code: "too_late",
      reason: "The transaction was mined after this payment expired.",
      transfer,
    };

  const latest = await client.getBlockNumber({ cacheTime: 0 });
  const confirmations = Number(latest - receipt.blockNumber) + 1;
  return {
    kind: confirmations >= chain.confirmations ? "confirmed" : "confirming",
    transfer,
    confirmations,
    required: chain.confirmations,
  };
}

/** Why a hash someone attached did not pay, as an error on its field. */
export function transactionNotAccepted(reason: string | undefined, chainId: string): AppError {
  const message =
    reason ??
    (chainId.startsWith("solana:")
      ? `No finalized transaction with this signature was found on ${networkName(chainId)}.`
      : `No mined transaction with this hash was found on ${networkName(chainId)}.`);
  return new AppError("params_validation", message, { fields: { txHash: message } });
}
