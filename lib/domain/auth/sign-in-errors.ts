// next-auth passes a sign-in error to the browser only as a string in a URL; these are the strings
// the server sends and the messages the sign-in form shows for them.

const rateLimitedPrefix = "RateLimited:";

export function rateLimitedError(retryAfterSeconds: number): string {
  return `${rateLimitedPrefix}${retryAfterSeconds}`;
}

export const serverError = "ServerError";
/**
 * Wrong email or password, or a right password whose login still waits for its email to be
 * confirmed: answered alike, so sign-up cannot tell whether an email was taken (lib/domain/auth/sign-up.ts).
 * The form therefore always offers a new confirmation link beside it.
 */
export const credentialsError = "CredentialsSignin";
/** The password was right; the login also needs a second-factor code. */
export const codeRequiredError = "CodeRequired";
export const codeMismatchError = "CodeMismatch";
/** The password was right; the login's second factor is a passkey (and maybe a code too). */
export const passkeyRequiredError = "PasskeyRequired";
export const codeOrPasskeyRequiredError = "CodeOrPasskeyRequired";
export const passkeyMismatchError = "PasskeyMismatch";

/** The error that asks for the second step, naming the factors the login has. */
export function secondFactorRequiredError({ code, passkey }: { code: boolean; passkey: boolean }): string {
  if (!passkey) return codeRequiredError;
  return code ? codeOrPasskeyRequiredError : passkeyRequiredError;
}

/** The factors a second-step error offers, or null when the error is not one. */
export function secondFactorsOffered(error: string): { code: boolean; passkey: boolean } | null {
  if (error === codeRequiredError) return { code: true, passkey: false };
  if (error === passkeyRequiredError) return { code: false, passkey: true };
  if (error === codeOrPasskeyRequiredError) return { code: true, passkey: true };
  return null;
}

export function signInErrorMessage(error: string): string {
  if (error.startsWith(rateLimitedPrefix)) {
    const seconds = Number(error.slice(rateLimitedPrefix.length));
    return `Too many attempts; try again in ${Number.isFinite(seconds) && seconds > 0 ? seconds : "a few"} seconds.`;
  }
  if (error === codeRequiredError) return "Enter the code from your authenticator app.";
  if (error === codeMismatchError)
    return "That code is not correct. Try the current one, or a recovery code.";
  if (error === passkeyRequiredError || error === codeOrPasskeyRequiredError)
    return "Use your passkey to finish signing in.";
  if (error === passkeyMismatchError)
    return "That passkey was not accepted. Use a passkey registered to this login, then try again.";
  if (error === credentialsError) return "That email and password do not match an account.";
  return "Signing in failed for a reason on our side. Try again in a moment.";
}
