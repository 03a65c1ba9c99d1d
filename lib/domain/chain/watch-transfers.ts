import "server-only";
import { transactionKey } from "@/lib/core/chain/transaction-key";
import { erc20Abi, getAddress, isAddressEqual, type Address, type Hash } from "viem";
import { db, withAttempt } from "@/lib/core/db";
import { shortReason } from "@/lib/core/errors/chain-errors";
import { logger } from "@/lib/core/log/logger";
import {
  attributeTransfer,
  attributionKeys,
  authorizationKey,
  type AttributionKeys,
} from "@/lib/domain/payments/attribution";
import { verifyPaymentTransaction } from "@/lib/domain/payments/verify-payment";
import { eip3009Abi } from "@/lib/domain/gateway/eip3009";
import { refundRoute, verifyRefundTransaction } from "@/lib/domain/refunds/verify-refund";
import {
  recordUnmatchedTransfer,
  type UnmatchedCandidate,
} from "@/lib/domain/unmatched-transfers/record-unmatched-transfer";
import { assetInfo } from "@/lib/core/chain/asset-info";
import type { Chain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import { forgetDroppedUnmatchedTransfers } from "@/lib/domain/unmatched-transfers/forget-dropped-unmatched-transfers";
import { blockClockSlackMs, nativeLogIndex } from "@/lib/core/chain/verify-transfer";
import { noteDepositArrivals } from "@/lib/domain/deposits/deposit-arrivals";
import { isDepositSweep } from "@/lib/domain/deposits/settle-sweeps";

/** How far back a watcher with no saved cursor looks, and the most blocks it reads in one pass. */
const lookbackBlocks = 500n;
const maxRange = 2_000n;

/** The last block a watcher has read on a chain, or undefined when it has none yet. */
export type WatchState = { cursor?: bigint };

type OpenPayment = { accountId: string; asset: string; destination: Address; createdAt: Date };
type PendingRefund = { id: string; asset: string; from: Address; to: Address; createdAt: Date };
/** A wallet read for transfers of an asset; `since` is when the payment or refund waiting there was made. */
type Watched = { asset: string; to: Address; accountId: string | null; since?: Date };
/** `authorizations`: the EIP-3009 authorizations (authorizer:nonce) its transaction used on the token. */
type SeenTransfer = UnmatchedCandidate & {
  from: Address;
  to: Address;
  txHash: Hash;
  authorizations: string[];
};

/**
 * Reads new blocks for transfers to the destinations of live payments and from those destinations
 * back to the buyers of pending live refunds. A transfer is offered to a payment only when it is
 * attributed to it (its transaction used that payment's EIP-3009 authorization, or its hash was
 * returned for that payment: lib/domain/payments/attribution.ts), then goes through the same verification
 * as a submitted hash; one of the right amount that nothing attributes goes to the inbox, where
 * support may confirm the payment it most likely paid. The database's uniqueness on (chain, tx,
 * log) keeps one transfer from counting twice, whichever instance sees it first. Moves
 * `state.cursor` to the last block read that has the chain's confirmations on top of it.
 *
 * It also watches every current live settlement destination, so that money which reached a
 * merchant and paid nothing lands in support's unmatched transfers inbox once it is deep enough.
 * The cost stays one getLogs per asset per block range whatever the number of merchants: all
 * destinations of an asset go in that call's `to` filter. A native coin has no Transfer log, so its
 * transfers are found only by reading whole blocks: that is done only while a native-coin payment
 * or refund is open on the chain, and only for blocks since the oldest of them was made (a native
 * transfer to a settlement wallet at any other time is not filed as unmatched).
 *
 * Inbox entries whose transaction has since left the chain (reorganised out) are taken out of the
 * inbox on each pass, so support never acts on money that is no longer there.
 */
export async function watchTransfers(chain: Chain, state: WatchState): Promise<number> {
  const client = chainClient(chain);
  const latest = await client.getBlockNumber({ cacheTime: 0 });
  await forgetDroppedUnmatchedTransfers(chain, latest);
  const from =
    state.cursor !== undefined ? state.cursor + 1n : latest > lookbackBlocks ? latest - lookbackBlocks : 0n;
  if (from > latest) return 0;
  const to = from + maxRange - 1n < latest ? from + maxRange - 1n : latest;

  const [open, refunds, destinations, keys] = await Promise.all([
    openPayments(chain),
    pendingRefunds(chain),
    settlementDestinations(chain),
    attributionKeys(chain.id),
  ]);
  let found = 0;
  const watched: Watched[] = [
    ...open.map((p) => ({ asset: p.asset, to: p.destination, accountId: p.accountId, since: p.createdAt })),
    ...refunds.map((r) => ({ asset: r.asset, to: r.to, accountId: null, since: r.createdAt })),
    ...destinations,
  ];
  // Money in a block that may still be reorganised out is not support's problem yet; it is read again.
  const deepEnough = latest - BigInt(chain.confirmations) + 1n;
  if (watched.length) {
    for (const transfer of await transfersTo(chain, watched, from, to, keys)) {
      // One transfer that cannot be handled (an RPC hiccup, a payment changing at the same moment) is
      // logged and skipped, the others go on; blocks not yet deep enough are read again next pass.
      await settleTransfer(chain, transfer, keys, refunds, watched, deepEnough).then(
        (settled) => settled && found++,
        (error: unknown) =>
          logger.warn(
            {
              chainId: chain.id,
              txHash: transfer.txHash,
              logIndex: transfer.logIndex,
              reason: shortReason(error),
            },
            "Chain watch: skipped a transfer that could not be handled.",
          ),
      );
    }
  }
  // Whatever reaches a payment's deposit address is that payment's (lib/domain/deposits/).
  found += await noteDepositArrivals(chain, from, to);
  // Blocks not yet deep enough are read again next pass: a transfer reorged out of them and mined
  // again in a later block is still found. The cursor never moves back.
  const settled = to - BigInt(chain.confirmations);
  if (settled >= 0n && (state.cursor === undefined || settled > state.cursor)) state.cursor = settled;
  return found;
}

const address = (caip10: string) => getAddress(caip10.split(":").pop()!);

/** Credits a transfer to the payment it is attributed to, or the refund it returns, else files it in the inbox once deep enough. */
async function settleTransfer(
  chain: Chain,
  transfer: SeenTransfer,
  keys: AttributionKeys,
  refunds: PendingRefund[],
  watched: Watched[],
  deepEnough: bigint,
): Promise<boolean> {
  const paymentId = attributeTransfer(transfer, keys);
  if (paymentId) {
    await verifyPaymentTransaction(paymentId, transfer.txHash, "watcher");
    const claimed = await db().chainTransfer.count({
      where: { chainId: chain.id, txHash: transactionKey(chain.id, transfer.txHash), paymentId },
    });
    if (claimed) return true;
  }
  if (await settleFirstRefund(refunds, transfer)) return true;
  const owners = new Set(
    watched.flatMap((w) =>
      w.accountId && w.asset === transfer.asset && isAddressEqual(w.to, transfer.to) ? [w.accountId] : [],
    ),
  );
  // A deposit address's sweep is its payment's (lib/domain/deposits/), never support's to match.
  if (owners.size && transfer.blockNumber <= deepEnough && !(await isDepositSweep(transfer.txHash)))
    await recordUnmatchedTransfer(chain, transfer, [...owners], paymentId ?? undefined);
  return false;
}

async function openPayments(chain: Chain): Promise<OpenPayment[]> {
  const rows = await db().payment.findMany({
    where: {
      mode: "live",
      status: "requires_action",
      attempt: { asset: { startsWith: `${chain.id}/` } },
    },
    select: { accountId: true, attempt: { select: { asset: true, destination: true } }, createdAt: true },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((p) => ({
    accountId: p.accountId,
    asset: p.attempt!.asset,
    destination: address(p.attempt!.destination),
    createdAt: p.createdAt,
  }));
}

/** Where the account's current live settlements are paid: each (asset, wallet) with the accounts that registered it. */
async function settlementDestinations(
  chain: Chain,
): Promise<{ asset: string; to: Address; accountId: string }[]> {
  const rows = await db().cryptoSettlement.findMany({
    where: { mode: "live", asset: { startsWith: `${chain.id}/` }, merchant: { deletedAt: null } },
    select: { asset: true, destination: true, accountId: true },
    distinct: ["asset", "destination", "accountId"],
  });
  return rows.map((s) => ({ asset: s.asset, to: address(s.destination), accountId: s.accountId }));
}

async function pendingRefunds(chain: Chain): Promise<PendingRefund[]> {
  const rows = await db().refund.findMany({
    where: {
      mode: "live",
      status: "pending",
      payment: { attempt: { asset: { startsWith: `${chain.id}/` } }, payerAddress: { not: null } },
    },
    include: { payment: { include: withAttempt } },
    orderBy: { createdAt: "asc" },
  });
  return rows.flatMap((r) => {
    const route = refundRoute(r.payment);
    return route
      ? [
          {
            id: r.id,
            asset: route.asset,
            from: getAddress(route.from),
            to: getAddress(route.to),
            createdAt: r.createdAt,
          },
        ]
      : [];
  });
}

async function transfersTo(
  chain: Chain,
  watched: Watched[],
  fromBlock: bigint,
  toBlock: bigint,
  keys: AttributionKeys,
): Promise<SeenTransfer[]> {
  const client = chainClient(chain);
  const seen: SeenTransfer[] = [];
  for (const assetId of new Set(watched.map((w) => w.asset))) {
    const asset = await assetInfo(chain, assetId);
    const here = watched.filter((w) => w.asset === assetId);
    const recipients = [...new Set(here.map((w) => w.to))];
    if (asset.kind === "erc20") {
      const logs = await client.getContractEvents({
        address: asset.address!,
        abi: erc20Abi,
        eventName: "Transfer",
        args: { to: recipients },
        fromBlock,
        toBlock,
      });
      const used =
        logs.length && keys.byAuthorization.size
          ? await authorizationsUsed(chain, asset.address!, fromBlock, toBlock)
          : new Map<string, string[]>();
      for (const log of logs) {
        seen.push({
          asset: assetId,
          from: log.args.from!,
          to: log.args.to!,
          value: log.args.value!,
          txHash: log.transactionHash,
          logIndex: log.logIndex,
          blockNumber: log.blockNumber,
          authorizations: used.get(log.transactionHash) ?? [],
        });
      }
    } else {
      const waiting = here.flatMap((w) => (w.since ? [w.since.getTime()] : []));
      if (!waiting.length) continue;
      // Newest first, down to the first block mined before the oldest payment or refund was made.
      const notBefore = Math.min(...waiting) - blockClockSlackMs;
      for (let n = toBlock; n >= fromBlock; n--) {
        const block = await client.getBlock({ blockNumber: n, includeTransactions: true });
        if (Number(block.timestamp) * 1000 < notBefore) break;
        for (const tx of block.transactions) {
          const target = tx.to;
          if (target && recipients.some((r) => isAddressEqual(r, target))) {
            seen.push({
              asset: assetId,
              from: getAddress(tx.from),
              to: getAddress(target),
              value: tx.value,
              txHash: tx.hash,
              logIndex: nativeLogIndex,
              blockNumber: n,
              authorizations: [],
            });
          }
        }
      }
    }
  }
  // Oldest first, as the chain ordered them: the first transfer to a wallet pays its oldest payment.
  return seen.sort((a, b) =>
    a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
  );
}

/** The EIP-3009 authorizations the token saw used in these blocks, by transaction (none for a token without the event). */
async function authorizationsUsed(
  chain: Chain,
  token: Address,
  fromBlock: bigint,
  toBlock: bigint,
): Promise<Map<string, string[]>> {
  const logs = await chainClient(chain).getContractEvents({
    address: token,
    abi: eip3009Abi,
    eventName: "AuthorizationUsed",
    fromBlock,
    toBlock,
  });
  const used = new Map<string, string[]>();
  for (const log of logs)
    used.set(log.transactionHash, [
      ...(used.get(log.transactionHash) ?? []),
      authorizationKey(log.args.authorizer!, log.args.nonce!),
    ]);
  return used;
}

/** Offers a transfer from a merchant's destination back to a buyer to that buyer's pending refunds, oldest first. */
async function settleFirstRefund(pending: PendingRefund[], transfer: SeenTransfer): Promise<boolean> {
  const candidates = pending.filter(
    (r) =>
      r.asset === transfer.asset &&
      isAddressEqual(r.to, transfer.to) &&
      isAddressEqual(r.from, transfer.from),
  );
  for (const candidate of candidates) {
    const { result } = await verifyRefundTransaction(candidate.id, transfer.txHash);
    if (result === "confirming" || result === "confirmed") {
      pending.splice(pending.indexOf(candidate), 1);
      return true;
    }
  }
  return false;
}
