import "server-only";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { takeToken } from "@/lib/rate-limit";

/** One bucket per API key (or public app + client), at the rate the environment sets. */
export async function consumeRateLimit(bucket: string): Promise<void> {
  const result = await takeToken(bucket, { ratePerSecond: env.RATE_LIMIT_PER_SECOND, burst: env.RATE_LIMIT_BURST });
  if (!result.ok) {
    throw new AppError("rate_limited", "Too many requests. Slow down and retry after the time in Retry-After.", { retryAfterSeconds: result.retryAfterSeconds });
  }
}
