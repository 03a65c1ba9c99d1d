// When to try a failed delivery again, and when to give up on it or on its endpoint.

const hourMs = 60 * 60 * 1000;
/** A delivery is retried for this long after it was first due; an endpoint failing this long is disabled. */
export const retryWindowMs = 3 * 24 * hourMs;
const firstRetryMs = 5_000;
const longestWaitMs = 6 * hourMs;

/**
 * The wait before attempt `attempts + 1`: doubling from 5 s up to 6 h, each scaled by a random
 * factor in [0.8, 1.2) so that endpoints recovering from an outage are not hit by every retry at once.
 */
export function retryDelayMs(attempts: number, random: number = Math.random()): number {
  const base = Math.min(firstRetryMs * 2 ** Math.max(0, attempts - 1), longestWaitMs);
  return Math.round(base * (0.8 + 0.4 * random));
}

export type RetryDecision = { status: "failed" } | { status: "pending"; nextAttemptAt: Date };

/** After a failed attempt: another try (never later than the window's end), or give up once the window has passed. */
export function afterFailure(createdAt: Date, attempts: number, now: Date, random?: number): RetryDecision {
  const deadline = createdAt.getTime() + retryWindowMs;
  if (now.getTime() >= deadline) return { status: "failed" };
  return {
    status: "pending",
    nextAttemptAt: new Date(Math.min(now.getTime() + retryDelayMs(attempts, random), deadline)),
  };
}

/** An endpoint whose deliveries have failed without a success in between since `failingSince`. */
export function failingTooLong(failingSince: Date | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= retryWindowMs;
}
