import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { connection, db } from "@/lib/db";
import { env } from "@/lib/env";
import { isDatabaseUnavailable } from "@/lib/errors";
import { recoverStaleSubmissions } from "@/lib/gateway/recover-submissions";
import { sweepIdleBuckets } from "@/lib/rate-limit";
import { deliverDueWebhooks, settleDeliveries } from "./deliver-webhooks";
import { sweepExpiredPayments } from "./sweep-expired-payments";
import { watchChains } from "./watch-chains";

export type Worker = { stop: () => Promise<void> };

const deliveryBatch = 10;
const sweepBatch = 50;

/**
 * Tollgate's background work: webhook delivery (checked every second), the expiry sweeper
 * (every 5 s), a sweep of idle rate-limit buckets (every 15 minutes), relayed submissions an instance left half-done (every 15 s) and, in live mode, watching chains for transfers (every 2 s). Any number of workers may run against one PostgreSQL database; rows are claimed
 * with SKIP LOCKED, so no two take the same one. `stop` lets the current round finish.
 */
export function startWorker(log: (line: string) => void): Worker {
  const stopping = new AbortController();
  const ready = releaseStaleLeases();
  const loops = [
    repeat("Webhook delivery", 1_000, () => deliverDueWebhooks(deliveryBatch, log)),
    repeat("Expiry sweep", 5_000, async () => (await sweepExpiredPayments(sweepBatch)) === sweepBatch),
    repeat("Chain watch", 2_000, async () => (await watchChains(), false)),
    repeat("Relayer recovery", Math.min(15_000, env.RELAYER_STALE_CLAIM_MS), async () => (await recoverStaleSubmissions(), false)),
    repeat("Rate-limit sweep", 15 * 60_000, async () => {
      const swept = await sweepIdleBuckets();
      if (swept > 0) log(`Swept ${swept} idle rate-limit bucket${swept === 1 ? "" : "s"}.`);
      return false;
    }),
  ];

  // Runs `round` until stopped: again at once while it reports more waiting, else after `everyMs`;
  // after an error, with growing pauses and without repeating the same complaint every second.
  async function repeat(name: string, everyMs: number, round: () => Promise<boolean>): Promise<void> {
    await ready;
    let failures = 0;
    while (!stopping.signal.aborted) {
      let more = false;
      try {
        more = await round();
        if (failures > 0) log(`${name} recovered.`);
        failures = 0;
      } catch (error) {
        failures++;
        if (failures === 1 || failures % 20 === 0) log(`${name} failed${failures > 1 ? ` (${failures} times in a row)` : ""}: ${isDatabaseUnavailable(error) ? "the database is unreachable." : String(error)}`);
      }
      if (!more) await sleep(failures ? Math.min(everyMs * 2 ** failures, 30_000) : everyMs, undefined, { signal: stopping.signal }).catch(() => {});
    }
  }

  return {
    stop: async () => {
      stopping.abort();
      await Promise.all(loops);
      await settleDeliveries();
    },
  };
}

// In embedded mode this process is the only one that can open the database (a lock file sees to
// it), so a lease found at start belongs to a process that died: its deliveries are due now, not
// when the lease would have run out. With PostgreSQL other workers may be alive; leases expire.
async function releaseStaleLeases(): Promise<void> {
  if (connection().kind !== "embedded") return;
  await db().webhookDelivery.updateMany({ where: { status: "pending", leaseId: { not: null } }, data: { leaseId: null, nextAttemptAt: new Date() } }).catch(() => {});
  // Likewise a relayer's sending lease: a relay cut short is finished by the recovery sweep.
  await db().relayerLock.updateMany({ where: { lockedUntil: { not: null } }, data: { lockedUntil: null } }).catch(() => {});
}
