import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

/**
 * A token bucket per caller in PostgreSQL, so every instance draws from the same bucket. One
 * statement: the upsert refills by elapsed time and takes a token only if one is there; when none
 * is, the WHERE leaves the row as it was and nothing is returned.
 */
export async function consumeRateLimit(bucket: string): Promise<void> {
  const rate = env.RATE_LIMIT_PER_SECOND;
  const burst = env.RATE_LIMIT_BURST;
  const rows = await db().$queryRaw<{ tokens: number }[]>`
    INSERT INTO "RateLimitBucket" AS b ("key", "tokens", "updatedAt")
    VALUES (${bucket}, ${burst - 1}, clock_timestamp())
    ON CONFLICT ("key") DO UPDATE
      SET "tokens" = LEAST(${burst}::float8, b."tokens" + EXTRACT(EPOCH FROM clock_timestamp() - b."updatedAt") * ${rate}::float8) - 1,
          "updatedAt" = clock_timestamp()
      WHERE LEAST(${burst}::float8, b."tokens" + EXTRACT(EPOCH FROM clock_timestamp() - b."updatedAt") * ${rate}::float8) >= 1
    RETURNING "tokens"`;
  if (rows.length === 0) {
    throw new AppError("rate_limited", "Too many requests. Slow down and retry after the time in Retry-After.", { retryAfterSeconds: Math.max(1, Math.ceil(1 / rate)) });
  }
}
