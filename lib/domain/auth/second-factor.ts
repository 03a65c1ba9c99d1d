import "server-only";
import { returnToken, takeToken, type BucketPolicy } from "@/lib/core/limits/rate-limit";
import type { PasskeyAssertion } from "@/lib/domain/schemas/passkeys";
import { verifyPasskey } from "./passkeys/verify-passkey";
import { spendRecoveryCode } from "./recovery-codes";
import { spendTotp } from "./totp";

// A six-digit code has a million values: five wrong guesses per person per fifteen minutes keeps
// guessing hopeless (about 500 a day). A right code gives its token back.
const guesses: BucketPolicy = { burst: 5, ratePerSecond: 5 / (15 * 60) };

export type SecondFactorCheck =
  | { ok: true }
  | { ok: false; reason: "mismatch" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/**
 * Checks an authenticator code (six digits, once) or a recovery code (spent if right), bounded per
 * user. `pendingSetup`: the code confirms an authenticator app being set up, not yet in force.
 */
export async function checkSecondFactor(
  userId: string,
  code: string,
  options: { pendingSetup?: boolean } = {},
): Promise<SecondFactorCheck> {
  const trimmed = code.trim();
  return limited(userId, () =>
    /^\d{6}$/.test(trimmed) ? spendTotp(userId, trimmed, options) : spendRecoveryCode(userId, trimmed),
  );
}

/**
 * Checks a passkey's signature over a challenge issued for this sign-in step or re-authentication.
 * A signature cannot be guessed, but refusals share the codes' limit so that no second factor is an
 * unlimited oracle.
 */
export async function checkPasskey(
  userId: string,
  assertion: PasskeyAssertion,
  ceremony: { purpose: "sign_in" | "reauthenticate"; sessionId: string | null },
): Promise<SecondFactorCheck> {
  return limited(userId, () => verifyPasskey({ userId, ...ceremony }, assertion));
}

async function limited(userId: string, check: () => Promise<boolean>): Promise<SecondFactorCheck> {
  const bucket = `second-factor:${userId}`;
  const taken = await takeToken(bucket, guesses);
  if (!taken.ok) return { ok: false, reason: "rate_limited", retryAfterSeconds: taken.retryAfterSeconds };
  if (!(await check())) return { ok: false, reason: "mismatch" };
  await returnToken(bucket, guesses);
  return { ok: true };
}
