import "server-only";
import { returnToken, takeToken, type BucketPolicy } from "@/lib/core/limits/rate-limit";

// Only failed attempts count: a successful sign-in gives its tokens back, so a person signing in
// often is never slowed down, while guessing is. All regain their tokens over fifteen minutes.
const window = 15 * 60;
/** One address guessing one person's password: ten, then refused (even the right password). */
const perAddressAndEmail: BucketPolicy = { burst: 10, ratePerSecond: 10 / window };
/** One address guessing anyone's: fifty, then refused. */
const perAddress: BucketPolicy = { burst: 50, ratePerSecond: 50 / window };
/**
 * Everyone guessing one person's password. Past this the attempts are slowed, never refused: a
 * limit per person alone would let anyone lock that person out by failing on purpose.
 */
const perEmail: BucketPolicy = { burst: 20, ratePerSecond: 20 / window };
export const slowDownMs = 2_000;

export type LoginAttempt =
  | { ok: true; succeeded: () => Promise<void> }
  | { ok: false; retryAfterSeconds: number };

/**
 * Takes a token for one sign-in attempt. A limited attempt is refused before the password is
 * checked, so even the right password waits, but only from the address that was guessing: a
 * correct sign-in from an address that has not been failing for this person goes through (after
 * a short wait while the person's own budget is spent).
 */
export async function beginLoginAttempt(email: string, clientAddress: string | null): Promise<LoginAttempt> {
  // Without an address (no proxy header) every caller would share the address buckets: then the
  // person's own bucket is the only bound there is, and it refuses.
  if (!clientAddress) return takeAll([[`login:email:${email}`, perEmail]]);
  const limited = await takeAll([
    [`login:ip:${clientAddress}`, perAddress],
    [`login:ip-email:${clientAddress}:${email}`, perAddressAndEmail],
  ]);
  if (!limited.ok) return limited;
  const personal = await takeToken(`login:email:${email}`, perEmail);
  if (!personal.ok) {
    await new Promise((resolve) => setTimeout(resolve, slowDownMs));
    return limited;
  }
  return {
    ok: true,
    succeeded: async () => {
      await limited.succeeded();
      await returnToken(`login:email:${email}`, perEmail);
    },
  };
}

async function takeAll(buckets: [string, BucketPolicy][]): Promise<LoginAttempt> {
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
