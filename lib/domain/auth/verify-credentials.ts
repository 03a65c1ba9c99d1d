import "server-only";
import { db } from "@/lib/core/db";
import { burnPasswordCheck, verifyPassword } from "@/lib/domain/accounts/passwords";
import { SignInInputSchema } from "@/lib/domain/schemas/auth";
import { PasskeyAssertionTextSchema } from "@/lib/domain/schemas/passkeys";
import { beginLoginAttempt } from "./login-rate-limit";
import { checkPasskey, checkSecondFactor } from "./second-factor";

/** Which second factors a login has: sign-in offers those. */
export type SecondFactors = { code: boolean; passkey: boolean };

export type PasswordCheck =
  | { ok: true; user: { id: string; email: string; name: string }; secondFactors: SecondFactors | null }
  | { ok: false; reason: "mismatch" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

export type CredentialsCheck =
  // `twoFactor`: the sign-in gave a second factor too, which is more than re-authentication asks.
  | { ok: true; user: { id: string; email: string; name: string }; twoFactor: boolean }
  | { ok: false; reason: "mismatch" }
  // The password was right and the login has two-factor sign-in: the second factor is missing, or wrong.
  | { ok: false; reason: "second_factor_required"; secondFactors: SecondFactors }
  | { ok: false; reason: "code_mismatch" | "passkey_mismatch" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/**
 * The user behind an email and password. Takes the same time whether or not the email exists, and
 * refuses (before checking the password) once the email or the caller's address made too many
 * attempts. Only a right password learns which second factors the login has.
 */
export async function checkPassword(
  email: string,
  password: string,
  clientAddress: string | null,
): Promise<PasswordCheck> {
  const attempt = await beginLoginAttempt(email, clientAddress);
  if (!attempt.ok) return { ok: false, reason: "rate_limited", retryAfterSeconds: attempt.retryAfterSeconds };
  const user = await db().user.findUnique({
    where: { email },
    omit: { passwordHash: false },
    include: { _count: { select: { passkeys: true } } },
  });
  if (!user) {
    await burnPasswordCheck(password);
    return { ok: false, reason: "mismatch" };
  }
  if (!(await verifyPassword(password, user.passwordHash))) return { ok: false, reason: "mismatch" };
  // Answered like a wrong password: a new sign-up's "did it sign in?" must not tell whether the email
  // was taken before (the right password of a login someone else made cannot be known).
  if (user.confirmEmailBeforeSignIn && !user.emailVerifiedAt) return { ok: false, reason: "mismatch" };
  await attempt.succeeded();
  const secondFactors = { code: user.totpEnabledAt !== null, passkey: user._count.passkeys > 0 };
  return {
    ok: true,
    user: { id: user.id, email: user.email, name: user.name },
    secondFactors: secondFactors.code || secondFactors.passkey ? secondFactors : null,
  };
}

/**
 * Sign-in: the password, then, for a login with two-factor sign-in, an authenticator or recovery
 * code or a passkey's answer to the challenge of this sign-in step (guesses limited per person).
 */
export async function verifyCredentials(
  input: unknown,
  clientAddress: string | null,
): Promise<CredentialsCheck> {
  const parsed = SignInInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: "mismatch" };
  const { email, password, code, passkey } = parsed.data;
  const check = await checkPassword(email, password, clientAddress);
  if (!check.ok) return check;
  const { user, secondFactors } = check;
  if (secondFactors) {
    if (passkey && secondFactors.passkey) {
      const assertion = PasskeyAssertionTextSchema.safeParse(passkey);
      const second = assertion.success
        ? await checkPasskey(user.id, assertion.data, { purpose: "sign_in", sessionId: null })
        : ({ ok: false, reason: "mismatch" } as const);
      if (!second.ok)
        return second.reason === "rate_limited" ? second : { ok: false, reason: "passkey_mismatch" };
    } else if (code) {
      const second = await checkSecondFactor(user.id, code);
      if (!second.ok)
        return second.reason === "rate_limited" ? second : { ok: false, reason: "code_mismatch" };
    } else {
      return { ok: false, reason: "second_factor_required", secondFactors };
    }
  }
  await db().user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
  return { ok: true, user, twoFactor: secondFactors !== null };
}
