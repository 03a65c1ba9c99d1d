import "server-only";
import { returnToken, takeToken, type BucketPolicy } from "@/lib/rate-limit";

// Ten attempts per email and fifty per client address, each regained over fifteen minutes. Only
// failed attempts count: a successful sign-in gives its tokens back, so a person signing in
// often is never slowed down, while guessing is.
const window = 15 * 60;
const perEmail: BucketPolicy = { burst: 10, ratePerSecond: 10 / window };
const perAddress: BucketPolicy = { burst: 50, ratePerSecond: 50 / window };

export type LoginAttempt = { ok: true; succeeded: () => Promise<void> } | { ok: false; retryAfterSeconds: number };

/**
 * Takes a token for one sign-in attempt from the address's bucket, then the email's. A limited
 * attempt is refused before the password is checked, so even the right password waits.
 */
export async function beginLoginAttempt(email: string, clientAddress: string | null): Promise<LoginAttempt> {
  const buckets: [string, BucketPolicy][] = [[`login:email:${email}`, perEmail]];
  // Without an address (no proxy header), every caller would share one bucket; rely on the email's.
  if (clientAddress) buckets.unshift([`login:ip:${clientAddress}`, perAddress]);
  const taken: [string, BucketPolicy][] = [];
  for (const [bucket, policy] of buckets) {
    const result = await takeToken(bucket, policy);
    if (!result.ok) return result;
    taken.push([bucket, policy]);
  }
  return {
    ok: true,
    succeeded: async () => {
      for (const [bucket, policy] of taken) await returnToken(bucket, policy);
    },
  };
}
