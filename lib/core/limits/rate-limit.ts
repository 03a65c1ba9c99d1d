import "server-only";
import { db, type DbOrTx } from "@/lib/core/db";

/** A bucket holds up to `burst` tokens and regains `ratePerSecond` of them each second. */
export type BucketPolicy = { ratePerSecond: number; burst: number };

export type TakeResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Takes `count` tokens (all or none) from a bucket kept in PostgreSQL, so every instance draws from
 * the same bucket. One statement: the upsert refills by elapsed time and takes the tokens only if
 * they are there; when they are not, the WHERE leaves the row as it was (a refused caller writes
 * nothing) and nothing is returned. Inside a transaction (`q`), the token is taken with the work it
 * pays for, and given back if that work rolls back.
 */
export async function takeToken(
  bucket: string,
  { ratePerSecond, burst }: BucketPolicy,
  count = 1,
  q: DbOrTx = db(),
): Promise<TakeResult> {
  const rows = await q.$queryRaw<{ tokens: number }[]>`
    INSERT INTO "RateLimitBucket" AS b ("key", "tokens", "updatedAt")
    VALUES (${bucket}, ${burst - count}, clock_timestamp())
    ON CONFLICT ("key") DO UPDATE
      SET "tokens" = LEAST(${burst}::float8, b."tokens" + EXTRACT(EPOCH FROM clock_timestamp() - b."updatedAt") * ${ratePerSecond}::float8) - ${count}::float8,
          "updatedAt" = clock_timestamp()
      WHERE LEAST(${burst}::float8, b."tokens" + EXTRACT(EPOCH FROM clock_timestamp() - b."updatedAt") * ${ratePerSecond}::float8) >= ${count}::float8
    RETURNING "tokens"`;
  if (rows.length > 0) return { ok: true };
  const [current] = await q.$queryRaw<{ tokens: number }[]>`
    SELECT LEAST(${burst}::float8, "tokens" + EXTRACT(EPOCH FROM clock_timestamp() - "updatedAt") * ${ratePerSecond}::float8) AS "tokens"
    FROM "RateLimitBucket" WHERE "key" = ${bucket}`;
  return {
    ok: false,
    retryAfterSeconds: Math.max(1, Math.ceil((1 - (current?.tokens ?? 0)) / ratePerSecond)),
  };
}

/** Puts back a token taken for an attempt that should not count after all. */
export async function returnToken(bucket: string, { burst }: BucketPolicy): Promise<void> {
  await db()
    .$executeRaw`UPDATE "RateLimitBucket" SET "tokens" = LEAST(${burst}::float8, "tokens" + 1) WHERE "key" = ${bucket}`;
}
