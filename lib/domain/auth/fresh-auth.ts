import "server-only";
import { db, type DbOrTx } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import type { ReauthenticateInput } from "@/lib/domain/schemas/auth";
import type { PasskeyAssertion } from "@/lib/domain/schemas/passkeys";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { confirmPassword } from "./confirm-password";
import { passkeyAssertionOptions } from "./passkeys/verify-passkey";
import { checkPasskey, checkSecondFactor, type SecondFactorCheck } from "./second-factor";
import type { Viewer } from "./session";

/** How long a re-entered password or code keeps sensitive changes open in that session. */
export const freshAuthMinutes = 10;

export const reauthenticationRequired =
  "Confirm it is you with your password, an authenticator code or a passkey, then try again.";

/**
 * Refuses a sensitive change (a live key, where settlements go, a webhook, roles, turning off 2FA,
 * adding or removing a passkey) unless this session re-entered a password or code, or used a
 * passkey, within `freshAuthMinutes`: an unlocked screen or a stolen cookie alone is not enough.
 */
export async function requireFreshAuth(viewer: Pick<Viewer, "sessionId">, q: DbOrTx = db()): Promise<void> {
  const session = await q.userSession.findUnique({
    where: { id: viewer.sessionId },
    select: { reauthenticatedAt: true },
  });
  const at = session?.reauthenticatedAt?.getTime();
  if (at === undefined || Date.now() - at > freshAuthMinutes * 60_000)
    throw new AppError("reauthentication_required", reauthenticationRequired);
}

/** Marks this session fresh after the person proved it is them again. */
export async function markReauthenticated(sessionId: string): Promise<void> {
  await db().userSession.update({ where: { id: sessionId }, data: { reauthenticatedAt: new Date() } });
}

/** Re-authentication by password (rate-limited like sign-in) or by a second-factor code (rate-limited per person). */
export async function reauthenticate(
  viewer: Viewer,
  { method, secret }: ReauthenticateInput,
  clientAddress: string | null,
): Promise<void> {
  if (method === "code") {
    refuseSecondFactor(await checkSecondFactor(viewer.user.id, secret), "That code is not correct.");
  } else {
    await confirmPassword(viewer.user.id, secret, clientAddress, "secret");
  }
  await markReauthenticated(viewer.sessionId);
}

/** A challenge for the viewer's passkeys, answerable only by this session. */
export async function passkeyReauthenticationOptions(
  viewer: Viewer,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await passkeyAssertionOptions({
    userId: viewer.user.id,
    purpose: "reauthenticate",
    sessionId: viewer.sessionId,
  });
  if (!options)
    throw new AppError("conflict", "You have no passkey. Use your password or an authenticator code.");
  return options;
}

/** Re-authentication by a passkey, answering the challenge above; refusals share the codes' limit. */
export async function reauthenticateWithPasskey(viewer: Viewer, assertion: PasskeyAssertion): Promise<void> {
  refuseSecondFactor(
    await checkPasskey(viewer.user.id, assertion, { purpose: "reauthenticate", sessionId: viewer.sessionId }),
    "That passkey was not accepted. Use one registered to your login, or your password.",
  );
  await markReauthenticated(viewer.sessionId);
}

function refuseSecondFactor(check: SecondFactorCheck, wrong: string): void {
  if (!check.ok && check.reason === "rate_limited")
    throw new AppError("rate_limited", "Too many wrong codes. Try again later, or use your password.", {
      retryAfterSeconds: check.retryAfterSeconds,
    });
  if (!check.ok) throw new AppError("params_validation", wrong, { fields: { secret: wrong } });
}
