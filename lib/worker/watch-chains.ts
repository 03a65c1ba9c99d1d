import "server-only";
import { advanceLivePayments } from "@/lib/chain/advance-live-payments";
import { configuredChains } from "@/lib/chain/chains";
import { watchTransfers, type WatchState } from "@/lib/chain/watch-transfers";

const states = new Map<string, WatchState>();

/** One round of live-mode chain work: find new transfers to open payments, then move confirming ones on. */
export async function watchChains(): Promise<void> {
  for (const chain of configuredChains()) {
    let state = states.get(chain.id);
    if (!state) states.set(chain.id, (state = {}));
    await watchTransfers(chain, state);
  }
  await advanceLivePayments();
}
