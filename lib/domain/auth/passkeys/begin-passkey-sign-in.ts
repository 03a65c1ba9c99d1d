import "server-only";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { AppError } from "@/lib/core/errors/errors";
import { SignInInputSchema } from "@/lib/domain/schemas/auth";
import { checkPassword } from "@/lib/domain/auth/verify-credentials";
import { passkeyAssertionOptions } from "./verify-passkey";

const mismatch = "That email and password do not match an account.";

/**
 * The sign-in form's passkey step: the password is checked again (sharing sign-in's limits), so that
 * only a right password learns which passkeys a login has and gets a challenge for them. The
 * browser's answer then goes with the password to the credentials sign-in.
 */
export async function beginPasskeySignIn(
  input: { email: string; password: string },
  clientAddress: string | null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const parsed = SignInInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError("params_validation", mismatch);
  const check = await checkPassword(parsed.data.email, parsed.data.password, clientAddress);
  if (!check.ok && check.reason === "rate_limited")
    throw new AppError(
      "rate_limited",
      `Too many attempts; try again in ${check.retryAfterSeconds} seconds.`,
      { retryAfterSeconds: check.retryAfterSeconds },
    );
  if (!check.ok) throw new AppError("params_validation", mismatch);
  const options = check.secondFactors?.passkey
    ? await passkeyAssertionOptions({ userId: check.user.id, purpose: "sign_in", sessionId: null })
    : null;
  if (!options) throw new AppError("conflict", "This login has no passkey. Use your authenticator code.");
  return options;
}
