import "server-only";
import type { Logger } from "@/lib/core/log/logger";

/**
 * A piece of background work, run in rounds by every worker (lib/platform/tasks/run-tasks.ts).
 *
 * `lock` says how instances sharing one PostgreSQL database share it:
 * - `rows`: every instance runs it; the task claims its rows itself (FOR UPDATE SKIP LOCKED or a
 *   lease on each row), so more instances get through more of it.
 * - `lease`: one instance at a time, on one schedule for all of them: a round runs only while the
 *   instance holds the task's TaskLease row and the task is due (lib/platform/tasks/lease.ts).
 */
export type Task = {
  name: string;
  /** The pause between rounds, when the last round left nothing waiting. */
  everyMs: number;
  lock: "rows" | "lease";
  /** The most rows one round takes on, for tasks that work through rows. */
  batch?: number;
  /** One round; true when more is waiting, to go again at once. */
  run: (context: { batch: number; log: Logger }) => Promise<boolean>;
  /** Waits for work a round started but did not wait for (at shutdown). */
  settle?: () => Promise<void>;
};
