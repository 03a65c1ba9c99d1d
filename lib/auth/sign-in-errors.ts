// next-auth passes a sign-in error to the browser only as a string in a URL; these are the strings
// the server sends and the messages the sign-in form shows for them.

const rateLimitedPrefix = "RateLimited:";

export function rateLimitedError(retryAfterSeconds: number): string {
  return `${rateLimitedPrefix}${retryAfterSeconds}`;
}

export const serverError = "ServerError";

export function signInErrorMessage(error: string): string {
  if (error.startsWith(rateLimitedPrefix)) {
    const seconds = Number(error.slice(rateLimitedPrefix.length));
    return `Too many attempts; try again in ${Number.isFinite(seconds) && seconds > 0 ? seconds : "a few"} seconds.`;
  }
  if (error === "CredentialsSignin") return "That email and password do not match an account.";
  return "Signing in failed for a reason on our side. Try again in a moment.";
}
