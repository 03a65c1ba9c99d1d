import "server-only";
import { AppError } from "@/lib/core/errors/errors";

// A held poll costs a socket and a waiter, no queries (lib/domain/payments/payment-changes.ts); these caps
// bound how many one payment, one caller and one process hold, so a flood of long polls cannot
// tie up memory or sockets that other tenants' requests need.
export const heldPollLimits = { perPayment: 50, perCaller: 20, perProcess: 5_000 };

type Counts = { byPayment: Map<string, number>; byCaller: Map<string, number>; total: number };
const globalCounts = globalThis as unknown as { __tollgateHeldPolls?: Counts };
const counts = (globalCounts.__tollgateHeldPolls ??= { byPayment: new Map(), byCaller: new Map(), total: 0 });

/**
 * Takes a place for one held poll of `paymentId` by `caller` (an API key, a public app's client or
 * an address), or refuses with 429: the caller should poll again after Retry-After. Returns how to
 * give the place back.
 */
export function takeHeldPoll(paymentId: string, caller: string): () => void {
  const forPayment = counts.byPayment.get(paymentId) ?? 0;
  const forCaller = counts.byCaller.get(caller) ?? 0;
  if (
    forPayment >= heldPollLimits.perPayment ||
    forCaller >= heldPollLimits.perCaller ||
    counts.total >= heldPollLimits.perProcess
  ) {
    throw new AppError(
      "rate_limited",
      "Too many long polls are waiting already. Poll again after the time in Retry-After.",
      { retryAfterSeconds: 2 },
    );
  }
  counts.byPayment.set(paymentId, forPayment + 1);
  counts.byCaller.set(caller, forCaller + 1);
  counts.total += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    decrement(counts.byPayment, paymentId);
    decrement(counts.byCaller, caller);
    counts.total -= 1;
  };
}

function decrement(map: Map<string, number>, key: string): void {
  const next = (map.get(key) ?? 1) - 1;
  if (next <= 0) map.delete(key);
  else map.set(key, next);
}
