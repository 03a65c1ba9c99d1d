import "server-only";
import { secondFactorChanged } from "@/lib/domain/auth/second-factor-changed";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { requireFreshAuth } from "@/lib/domain/auth/fresh-auth";
import type { Viewer } from "@/lib/domain/auth/session";

/** Removes one of the viewer's own passkeys (after fresh re-authentication); audit-logged, and the owners (and the person) are mailed. */
export async function removePasskey(viewer: Viewer, passkeyId: string): Promise<void> {
  await requireFreshAuth(viewer);
  await db().$transaction(async (tx) => {
    const passkey = await tx.passkey.findFirst({
      where: { id: passkeyId, userId: viewer.user.id },
      select: { id: true, name: true },
    });
    if (!passkey)
      throw new AppError("not_found", "That passkey is not one of yours, or it was already removed.");
    const user = await tx.user.findUniqueOrThrow({
      where: { id: viewer.user.id },
      select: { totpEnabledAt: true, _count: { select: { passkeys: true } } },
    });
    if (viewer.account.requireTwoFactor && !user.totpEnabledAt && user._count.passkeys === 1) {
      throw new AppError(
        "forbidden",
        "Your account requires two-factor sign-in, and this is your only second factor. Add another passkey or an authenticator app first.",
      );
    }
    await tx.passkey.delete({ where: { id: passkey.id } });
    // The last second factor gone: its recovery codes go with it, as when the app is turned off.
    if (!user.totpEnabledAt && user._count.passkeys === 1)
      await tx.recoveryCode.deleteMany({ where: { userId: viewer.user.id } });
    await secondFactorChanged(tx, viewer, "passkey_removed", passkey);
  });
}
