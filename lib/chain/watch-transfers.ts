import "server-only";
import { erc20Abi, getAddress, isAddressEqual, type Address, type Hash } from "viem";
import { db } from "@/lib/db";
import { verifyPaymentTransaction } from "@/lib/payments/verify-payment";
import { assetInfo } from "./asset-info";
import type { Chain } from "./chains";
import { chainClient } from "./client";

/** How far back a freshly started watcher looks, and the most blocks it reads in one pass. */
const lookbackBlocks = 500n;
const maxRange = 2_000n;

export type WatchState = { cursor?: bigint };

type OpenPayment = { id: string; optionAsset: string; optionDestination: string; optionValue: bigint; createdAt: Date };

/**
 * Finds transfers to the destinations of open live payments in new blocks, so a buyer who paid from
 * a phone wallet is found without submitting anything. Each candidate goes through the same
 * verification as a submitted hash; the database's uniqueness on (chain, tx, log) keeps one transfer
 * from paying twice, whichever instance sees it first.
 */
export async function watchTransfers(chain: Chain, state: WatchState): Promise<number> {
  const client = chainClient(chain);
  const latest = await client.getBlockNumber({ cacheTime: 0 });
  const from = state.cursor !== undefined ? state.cursor + 1n : latest > lookbackBlocks ? latest - lookbackBlocks : 0n;
  if (from > latest) return 0;
  const to = from + maxRange - 1n < latest ? from + maxRange - 1n : latest;

  const open = (
    await db().payment.findMany({
      where: { mode: "live", status: "requires_action", optionAsset: { startsWith: `${chain.id}/` }, optionDestination: { not: null }, optionValue: { not: null } },
      select: { id: true, optionAsset: true, optionDestination: true, optionValue: true, createdAt: true },
      orderBy: { createdAt: "asc" },
    })
  ).map((p) => ({ ...p, optionAsset: p.optionAsset!, optionDestination: p.optionDestination!, optionValue: BigInt(p.optionValue!.toFixed()) }));

  let found = 0;
  if (open.length) {
    for (const transfer of await transfersTo(chain, open, from, to)) {
      if (await settleFirstMatch(open, transfer)) found++;
    }
  }
  state.cursor = to;
  return found;
}

type SeenTransfer = { asset: string; to: Address; value: bigint; txHash: Hash };

async function transfersTo(chain: Chain, open: OpenPayment[], fromBlock: bigint, toBlock: bigint): Promise<SeenTransfer[]> {
  const client = chainClient(chain);
  const seen: SeenTransfer[] = [];
  for (const assetId of new Set(open.map((p) => p.optionAsset))) {
    const payments = open.filter((p) => p.optionAsset === assetId);
    const asset = await assetInfo(chain, assetId);
    const destinations = [...new Set(payments.map((p) => getAddress(p.optionDestination.split(":").pop()!)))];
    if (asset.kind === "erc20") {
      const logs = await client.getContractEvents({ address: asset.address!, abi: erc20Abi, eventName: "Transfer", args: { to: destinations }, fromBlock, toBlock });
      for (const log of logs) seen.push({ asset: assetId, to: log.args.to!, value: log.args.value!, txHash: log.transactionHash });
    } else {
      for (let n = fromBlock; n <= toBlock; n++) {
        const block = await client.getBlock({ blockNumber: n, includeTransactions: true });
        for (const tx of block.transactions) {
          const target = tx.to;
          if (target && destinations.some((d) => isAddressEqual(d, target))) seen.push({ asset: assetId, to: getAddress(target), value: tx.value, txHash: tx.hash });
        }
      }
    }
  }
  return seen;
}

/** Offers a transfer to the open payments it could pay: exact amounts first, then the oldest it covers. */
async function settleFirstMatch(open: OpenPayment[], transfer: SeenTransfer): Promise<boolean> {
  const candidates = open
    .filter((p) => p.optionAsset === transfer.asset && isAddressEqual(getAddress(p.optionDestination.split(":").pop()!), transfer.to) && p.optionValue <= transfer.value)
    .sort((a, b) => Number(b.optionValue === transfer.value) - Number(a.optionValue === transfer.value) || a.createdAt.getTime() - b.createdAt.getTime());
  for (const candidate of candidates) {
    const result = await verifyPaymentTransaction(candidate.id, transfer.txHash, "watcher");
    if (result.status === "processing" || result.status === "succeeded") {
      open.splice(open.indexOf(candidate), 1);
      return true;
    }
  }
  return false;
}
