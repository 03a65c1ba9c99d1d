import "server-only";
import { advanceLivePayments, advanceLiveRefunds } from "@/lib/domain/chain/advance-live-payments";
import { configuredChains, type Chain } from "@/lib/core/chain/chains";
import { watchTransfers, type WatchState } from "@/lib/domain/chain/watch-transfers";
import { configuredSolanaClusters } from "@/lib/core/chain/solana/clusters";
import { watchSolanaDestinations } from "@/lib/domain/chain/solana/watch-destinations";
import { db } from "@/lib/core/db";
import { isConcurrentChange } from "@/lib/core/errors/errors";
import type { Logger } from "@/lib/core/log/logger";

/** One round of live-mode chain work: find new transfers to open payments, then move confirming payments and refunds on. */
export async function watchChains(log: Logger): Promise<void> {
  const failures: string[] = [];
  // One chain's node being down must not stop the others, nor the re-checks below.
  for (const chain of configuredChains()) {
    await watchChain(chain).catch((error) => {
      const message = `${chain.name}: ${error instanceof Error ? error.message : String(error)}`;
      // Another instance moved the payment first; the cursor stayed, so the next round reads the blocks again.
      if (isConcurrentChange(error)) log.debug(`Chain watch met a concurrent change on ${message}`);
      else failures.push(message);
    });
  }
  for (const cluster of configuredSolanaClusters())
    await watchSolanaDestinations(cluster).catch((error: unknown) =>
      failures.push(`${cluster.name}: ${error instanceof Error ? error.message : String(error)}`),
    );
  await advanceLivePayments();
  await advanceLiveRefunds();
  if (failures.length) throw new Error(`could not read ${failures.join("; ")}`);
}

/**
 * Reads the chain on from the block the last round (of any worker, before any restart) saved, so
 * transfers made while no worker ran are still found. Workers that race read some blocks twice,
 * which is harmless: a transfer counts once by the database's uniqueness. The cursor only moves on.
 */
async function watchChain(chain: Chain): Promise<void> {
  const saved = await db().chainCursor.findUnique({ where: { chainId: chain.id } });
  const state: WatchState = { cursor: saved?.blockNumber };
  await watchTransfers(chain, state);
  if (state.cursor === undefined || state.cursor === saved?.blockNumber) return;
  if (saved)
    await db().chainCursor.updateMany({
      where: { chainId: chain.id, blockNumber: { lt: state.cursor } },
      data: { blockNumber: state.cursor },
    });
  else
    await db().chainCursor.createMany({
      data: [{ chainId: chain.id, blockNumber: state.cursor }],
      skipDuplicates: true,
    });
}
