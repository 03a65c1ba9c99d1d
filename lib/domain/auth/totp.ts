import "server-only";
import { Secret, TOTP } from "otpauth";
import { db } from "@/lib/core/db";
import { decrypt } from "@/lib/core/config/secrets";

/** The authenticator app's entry for a secret: six digits every thirty seconds, as every app expects. */
export function totpFor(base32Secret: string, label: string): TOTP {
  return new TOTP({
    issuer: "Tollgate",
    label,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(base32Secret),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

const periodSeconds = 30;

/**
 * Spends `code` if it is the user's current code (or the one just before or after, for clock
 * drift) and later than the last code accepted: a code seen over a shoulder or in a log cannot be
 * used again while it is still valid. The step is recorded in the same statement that checks it,
 * so two racing uses of one code cannot both win. `pendingSetup` accepts the secret of a setup
 * not yet confirmed, for that confirmation only.
 */
export async function spendTotp(
  userId: string,
  code: string,
  { pendingSetup = false } = {},
): Promise<boolean> {
  const user = await db().user.findUnique({
    where: { id: userId },
    select: { email: true, totpSecret: true, totpEnabledAt: true },
  });
  // A secret still being set up proves nothing yet, except to the setup's own confirmation.
  if (!user?.totpSecret || (!user.totpEnabledAt && !pendingSetup)) return false;
  const delta = totpFor(decrypt(user.totpSecret), user.email).validate({ token: code, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(Date.now() / 1000 / periodSeconds) + delta;
  const { count } = await db().user.updateMany({
    where: { id: userId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: step },
  });
  return count === 1;
}
