import "server-only";
import { connection, db } from "@/lib/core/db";
import type { Logger } from "@/lib/core/log/logger";
import { releaseAllLeases } from "@/lib/platform/tasks/lease";
import { registeredTasks } from "@/lib/platform/tasks/registry";
import { runTasks, type Runner } from "@/lib/platform/tasks/run-tasks";

export type Worker = Runner;

/**
 * Tollgate's background work: every registered task (lib/platform/tasks/registry.ts), from webhook delivery
 * to retention. Any number of workers may run against one PostgreSQL database; rows are claimed
 * with SKIP LOCKED and exclusive tasks leased, so no two take the same work. `stop` lets the
 * current rounds finish.
 */
export function startWorker(log: Logger): Worker {
  const ready = releaseStaleLeases();
  const runner = ready.then(() => runTasks(registeredTasks, log));
  return { stop: async () => (await runner).stop() };
}

// In embedded mode this process is the only one that can open the database (a lock file sees to
// it), so a lease found at start belongs to a process that died: its deliveries are due now, not
// when the lease would have run out. With PostgreSQL other workers may be alive; leases expire.
async function releaseStaleLeases(): Promise<void> {
  if (connection().kind !== "embedded") return;
  await db()
    .webhookDelivery.updateMany({
      where: { status: "pending", leaseId: { not: null } },
      data: { leaseId: null, nextAttemptAt: new Date() },
    })
    .catch(() => {});
  // Likewise a relayer's sending lease: a relay cut short is finished by the recovery sweep.
  await db()
    .relayerLock.updateMany({ where: { lockedUntil: { not: null } }, data: { lockedUntil: null } })
    .catch(() => {});
  await releaseAllLeases().catch(() => {});
}
