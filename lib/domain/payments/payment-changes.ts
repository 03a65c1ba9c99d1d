import "server-only";
import { connection, db, type Payment } from "@/lib/core/db";
import { backgroundFailureLevel } from "@/lib/core/log/background-failure";
import { logger } from "@/lib/core/log/logger";
import { outsideRequest } from "@/lib/core/log/request-context";
import { expireIfDue } from "./get-payment";
import { isFinalStatus } from "./lifecycle";
import { paymentChangedChannel as channel } from "./notify-payment-changed";

// A safety net under the notifications: one query for every watched payment at once, so a change
// made by an instance that could not notify (or while the listener reconnected) is still seen.
const sweepEveryMs = 5_000;
// A change notified this recently may have happened between a caller's read and its wait.
const recentWindowMs = 2_000;

type Waiter = { version: number; settle: (payment: Payment | null) => void };

type Hub = {
  waiters: Map<string, Set<Waiter>>;
  /** Payment ids being re-read now, and whether another notification arrived during the read. */
  reading: Map<string, { again: boolean }>;
  recent: Map<string, number>;
  listening: Promise<void> | null;
  sweeper: ReturnType<typeof setInterval> | null;
};

const globalHub = globalThis as unknown as { __tollgatePaymentHub?: Hub };

function hub(): Hub {
  return (globalHub.__tollgatePaymentHub ??= {
    waiters: new Map(),
    reading: new Map(),
    recent: new Map(),
    listening: null,
    sweeper: null,
  });
}

/**
 * Resolves with the payment once its version moves past `payment.version` (or it becomes final,
 * or expires), with null when `maxMs` passes or `signal` aborts first. Held polls wait on one
 * shared LISTEN per process and one shared sweep, never a query loop each.
 */
export function nextChange(payment: Payment, maxMs: number, signal: AbortSignal): Promise<Payment | null> {
  const state = hub();
  // The listener and sweep serve every poll to come, not the request that happened to start them.
  outsideRequest(() => ensureStarted(state));
  return new Promise((resolve) => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    const waiter: Waiter = {
      version: payment.version,
      settle: (changed) => {
        for (const timer of timers) clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        const set = state.waiters.get(payment.id);
        set?.delete(waiter);
        if (set?.size === 0) state.waiters.delete(payment.id);
        resolve(changed);
      },
    };
    const onAbort = () => waiter.settle(null);
    if (signal.aborted) return resolve(null);
    signal.addEventListener("abort", onAbort, { once: true });
    timers.push(setTimeout(() => waiter.settle(null), maxMs));
    // Expiry is a change no one notifies until someone looks: look when it is due.
    const untilExpiry = payment.expiresAt.getTime() - Date.now();
    if (payment.status === "requires_action" && untilExpiry < maxMs)
      timers.push(setTimeout(() => void reread(state, payment.id), Math.max(0, untilExpiry) + 5));
    let set = state.waiters.get(payment.id);
    if (!set) state.waiters.set(payment.id, (set = new Set()));
    set.add(waiter);
    const changedAt = state.recent.get(payment.id);
    if (changedAt !== undefined && Date.now() - changedAt < recentWindowMs) void reread(state, payment.id);
  });
}

/** How many polls this process holds now (for tests and the health of the hub). */
export function heldPollCount(): number {
  let count = 0;
  for (const set of hub().waiters.values()) count += set.size;
  return count;
}

function ensureStarted(state: Hub): void {
  if (!state.sweeper) {
    state.sweeper = setInterval(() => void sweep(state), sweepEveryMs);
    state.sweeper.unref();
  }
  if (!state.listening) {
    state.listening = connection()
      .listen(
        channel,
        (paymentId) => {
          state.recent.set(paymentId, Date.now());
          if (state.waiters.has(paymentId)) void reread(state, paymentId);
        },
        () => void sweep(state),
      )
      .then(
        () => {},
        (error: unknown) => {
          // The sweep keeps held polls answered; try to listen again at the next wait.
          logger[backgroundFailureLevel(error)](
            { err: error },
            "The payment change listener could not start",
          );
          state.listening = null;
        },
      );
  }
}

/** Reads one payment once for all its waiters; a notification during the read triggers one more. */
async function reread(state: Hub, paymentId: string): Promise<void> {
  const inFlight = state.reading.get(paymentId);
  if (inFlight) {
    inFlight.again = true;
    return;
  }
  const entry = { again: true };
  state.reading.set(paymentId, entry);
  try {
    while (entry.again && state.waiters.has(paymentId)) {
      entry.again = false;
      const found = await db().payment.findUnique({ where: { id: paymentId } });
      const current = found ? await expireIfDue(found) : null;
      for (const waiter of [...(state.waiters.get(paymentId) ?? [])]) {
        if (!current || current.version !== waiter.version || isFinalStatus(current.status))
          waiter.settle(current);
      }
    }
  } catch (error) {
    // The sweep or the poll's own deadline answers them; an unreachable database is not theirs to
    // report, nor another instance expiring the payment at the same moment.
    logger[backgroundFailureLevel(error)]({ err: error, paymentId }, "A payment change re-read failed");
  } finally {
    state.reading.delete(paymentId);
  }
}

async function sweep(state: Hub): Promise<void> {
  const now = Date.now();
  for (const [id, at] of state.recent) if (now - at >= recentWindowMs) state.recent.delete(id);
  if (state.waiters.size === 0) return;
  try {
    const ids = [...state.waiters.keys()];
    const rows = await db().payment.findMany({
      where: { id: { in: ids } },
      select: { id: true, version: true, status: true, expiresAt: true },
    });
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of ids) {
      const row = byId.get(id);
      const due = row && row.status === "requires_action" && row.expiresAt.getTime() <= now;
      const moved =
        !row ||
        due ||
        [...(state.waiters.get(id) ?? [])].some(
          (waiter) => waiter.version !== row.version || isFinalStatus(row.status),
        );
      if (moved) void reread(state, id);
    }
  } catch (error) {
    logger[backgroundFailureLevel(error)]({ err: error }, "The payment change sweep failed");
  }
}
