import "server-only";
import { env } from "@/lib/core/config/env";
import { AppError } from "@/lib/core/errors/errors";
import { takeToken, type BucketPolicy } from "@/lib/core/limits/rate-limit";

type Lease = { tokens: number; until: number; refill?: Promise<boolean> };

// A write to one shared row per request would serialise every request of a busy key on that row's
// lock. Instead each process takes a few tokens at a time and spends them locally; unspent tokens
// lapse quickly, so a lease can never let a caller past the limit by more than a batch per process.
const leaseMs = 1000;
const leases: Map<string, Lease> = ((
  globalThis as { __tollgateRateLeases?: Map<string, Lease> }
).__tollgateRateLeases ??= new Map());

/** Tokens fetched per trip to the database: one when the limit is tight, so small limits stay exact. */
export function batchSize({ burst }: BucketPolicy): number {
  return Math.max(1, Math.min(20, Math.floor(burst / 20)));
}

const perCaller: BucketPolicy = { ratePerSecond: env.RATE_LIMIT_PER_SECOND, burst: env.RATE_LIMIT_BURST };
const perApp: BucketPolicy = {
  ratePerSecond: env.RATE_LIMIT_APP_PER_SECOND ?? 10 * perCaller.ratePerSecond,
  burst: env.RATE_LIMIT_APP_BURST ?? 10 * perCaller.burst,
};

export type RateLimitedCaller =
  | { kind: "api_key"; apiKeyId: string }
  | { kind: "public_app"; appId: string; clientId: string };

/**
 * One bucket per API key, or per public app + client and per public app as a whole: a Client-Id is
 * the caller's own choice, so the app's bucket is what bounds a caller who makes up a new one for
 * every request.
 */
export async function consumeRateLimit(caller: RateLimitedCaller): Promise<void> {
  if (caller.kind === "api_key") return consumeBucket(`key:${caller.apiKeyId}`, perCaller);
  await consumeBucket(`app:${caller.appId}`, perApp);
  await consumeBucket(`app:${caller.appId}:${caller.clientId}`, perCaller);
}

async function consumeBucket(bucket: string, policy: BucketPolicy): Promise<void> {
  for (;;) {
    const lease = leases.get(bucket) ?? { tokens: 0, until: 0 };
    leases.set(bucket, lease);
    if (lease.tokens >= 1 && lease.until > Date.now()) {
      lease.tokens -= 1;
      return;
    }
    if (!lease.refill) lease.refill = refill(bucket, lease, policy).finally(() => (lease.refill = undefined));
    if (await lease.refill) continue;
    // The bucket has no batch to spare: take exactly one token, or refuse with the bucket's own wait.
    const result = await takeToken(bucket, policy);
    if (result.ok) return;
    throw new AppError(
      "rate_limited",
      "Too many requests. Slow down and retry after the time in Retry-After.",
      { retryAfterSeconds: result.retryAfterSeconds },
    );
  }
}

async function refill(bucket: string, lease: Lease, policy: BucketPolicy): Promise<boolean> {
  const count = batchSize(policy);
  if (count === 1) return false;
  const result = await takeToken(bucket, policy, count);
  if (!result.ok) return false;
  lease.tokens = count;
  lease.until = Date.now() + leaseMs;
  if (leases.size > 10_000)
    for (const [key, other] of leases) if (other.until < Date.now() && !other.refill) leases.delete(key);
  return true;
}
