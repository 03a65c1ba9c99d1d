import "server-only";
import crypto from "node:crypto";
import { setMaxListeners } from "node:events";
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { isConcurrentChange, isDatabaseUnavailable } from "@/lib/core/errors/errors";
import type { Logger } from "@/lib/core/log/logger";
import { releaseLease, takeLease } from "./lease";
import type { Task } from "./task";

export type Runner = { stop: () => Promise<void> };

// Far longer than a round of any leased task takes; an instance that dies holding a lease holds
// the task up this long at most.
const leaseMs = 5 * 60_000;
const longestPauseMs = 30_000;
// First rounds are spread out so that a starting instance does not ask the pool (10 connections)
// for one per task at the same instant.
const startSpacingMs = 200;

/**
 * Runs each task in rounds until stopped: again at once while a round reports more waiting, else
 * after the task's `everyMs`; after an error, with growing pauses and without repeating the same
 * complaint every second. `stop` lets the current rounds finish, then settles what they started.
 */
export function runTasks(tasks: readonly Task[], log: Logger): Runner {
  const stopping = new AbortController();
  // Every task's pause listens on this one signal: as many listeners as tasks is expected, not a leak.
  setMaxListeners(tasks.length + 1, stopping.signal);
  const holder = `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  const loops = tasks.map((task, index) => repeat(task, Math.min(task.everyMs, index * startSpacingMs)));

  async function repeat(task: Task, startAfterMs: number): Promise<void> {
    if (startAfterMs > 0) await sleep(startAfterMs, undefined, { signal: stopping.signal }).catch(() => {});
    const taskLog = log.child({ task: task.name });
    let failures = 0;
    while (!stopping.signal.aborted) {
      let more = false;
      let held = false;
      try {
        held = task.lock === "lease" && (await takeLease(task.name, holder, leaseMs));
        if (task.lock === "rows" || held) more = await task.run({ batch: task.batch ?? 0, log: taskLog });
        if (failures > 0) taskLog.info(`${task.name} recovered.`);
        failures = 0;
      } catch (error) {
        // Another instance got to the same row first: the next round, at the usual time, sees its outcome.
        if (isConcurrentChange(error)) {
          taskLog.debug(`${task.name} met a concurrent change: ${String(error)}`);
        } else if (++failures === 1 || failures % 20 === 0) {
          const times = failures > 1 ? ` (${failures} times in a row)` : "";
          if (isDatabaseUnavailable(error))
            taskLog.warn(`${task.name} failed${times}: the database is unreachable.`);
          else taskLog.error({ err: error }, `${task.name} failed${times}: ${String(error)}`);
        }
      }
      const pauseMs = more
        ? 0
        : failures
          ? Math.min(task.everyMs * 2 ** failures, longestPauseMs)
          : task.everyMs;
      // While more is waiting the lease is kept (the next round extends it), unless this is the last round.
      if (held && (!more || stopping.signal.aborted))
        await releaseLease(task.name, holder, pauseMs).catch(() => {});
      if (pauseMs > 0) await sleep(pauseMs, undefined, { signal: stopping.signal }).catch(() => {});
    }
  }

  return {
    stop: async () => {
      stopping.abort();
      await Promise.all(loops);
      await Promise.all(tasks.map((task) => task.settle?.()));
    },
  };
}
