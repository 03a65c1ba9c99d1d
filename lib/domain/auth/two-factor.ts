import "server-only";
import { secondFactorChanged } from "./second-factor-changed";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { qrCode } from "@/lib/core/qr-code/qr-code";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { encrypt } from "@/lib/core/config/secrets";
import { requireFreshAuth } from "./fresh-auth";
import { issueRecoveryCodes } from "./recovery-codes";
import { checkSecondFactor } from "./second-factor";
import type { Viewer } from "./session";
import { newTotpSecret, totpFor } from "./totp";

export type TwoFactorSetup = { secret: string; uri: string; qr: { size: number; path: string } };

/**
 * Starts (or restarts) setting up an authenticator app: a new secret, not in force until a code
 * confirms it. Needs fresh re-authentication: its codes confirm sensitive changes, so a stolen
 * session must not be able to set up an app of its own.
 */
export async function beginTwoFactorSetup(viewer: Viewer): Promise<TwoFactorSetup> {
  await requireFreshAuth(viewer);
  const secret = newTotpSecret();
  const { count } = await db().user.updateMany({
    where: { id: viewer.user.id, totpEnabledAt: null },
    data: { totpSecret: encrypt(secret) },
  });
  if (count === 0)
    throw new AppError("conflict", "Two-factor sign-in is already on. Turn it off first to use another app.");
  const uri = totpFor(secret, viewer.user.email).toString();
  return { secret, uri, qr: qrCode(uri) };
}

/**
 * Turns two-factor sign-in on once the app shows a right code; returns the recovery codes (their
 * only plain copy). Other sessions end: they signed in without the second factor. The person and
 * the owners are mailed: someone who took over a session could otherwise lock the person out unseen.
 */
export async function confirmTwoFactorSetup(
  viewer: Viewer,
  code: string,
): Promise<{ recoveryCodes: string[] }> {
  const user = await db().user.findUniqueOrThrow({
    where: { id: viewer.user.id },
    select: { totpEnabledAt: true, totpSecret: true },
  });
  if (user.totpEnabledAt) throw new AppError("conflict", "Two-factor sign-in is already on.");
  if (!user.totpSecret)
    throw new AppError("conflict", "Start the setup again: no authenticator app is waiting to be confirmed.");
  const check = await checkSecondFactor(viewer.user.id, code, { pendingSetup: true });
  if (!check.ok && check.reason === "rate_limited")
    throw new AppError("rate_limited", "Too many wrong codes. Wait a few minutes and try again.", {
      retryAfterSeconds: check.retryAfterSeconds,
    });
  if (!check.ok)
    throw new AppError("params_validation", "That code is not correct.", {
      fields: { code: "That code is not correct. Check the time on your phone." },
    });
  return db().$transaction(async (tx) => {
    await tx.user.update({ where: { id: viewer.user.id }, data: { totpEnabledAt: new Date() } });
    await secondFactorChanged(tx, viewer, "two_factor_enabled");
    return { recoveryCodes: await issueRecoveryCodes(tx, viewer.user.id) };
  });
}

/** Turns the authenticator app off (after fresh re-authentication); the owners and the person are told by email. */
export async function disableTwoFactor(viewer: Viewer): Promise<void> {
  await requireFreshAuth(viewer);
  // A passkey still counts as the second factor the rule asks for.
  if (viewer.account.requireTwoFactor && viewer.user.passkeys === 0)
    throw new AppError(
      "forbidden",
      "Your account requires two-factor sign-in for every member. Add a passkey first, or ask an owner to lift that rule.",
    );
  await db().$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: viewer.user.id, totpEnabledAt: { not: null } },
      data: { totpEnabledAt: null, totpSecret: null },
    });
    if (count === 0) throw new AppError("conflict", "Two-factor sign-in is already off.");
    // A login that keeps a passkey keeps its recovery codes: they stand in for the passkey too.
    if (viewer.user.passkeys === 0) await tx.recoveryCode.deleteMany({ where: { userId: viewer.user.id } });
    await secondFactorChanged(tx, viewer, "two_factor_disabled");
  });
}

/** An owner's rule that every member signs in with a second factor. */
export async function setRequireTwoFactor(viewer: Viewer, required: boolean): Promise<void> {
  if (viewer.role !== "owner") throw new AppError("forbidden", "Only an owner can change this rule.");
  if (required && !viewer.user.twoFactorEnabled)
    throw new AppError("conflict", "Turn on two-factor sign-in for yourself first.");
  await db().$transaction(async (tx) => {
    await tx.account.update({ where: { id: viewer.account.id }, data: { requireTwoFactor: required } });
    await recordAudit(tx, {
      accountId: viewer.account.id,
      actor: `user:${viewer.user.id}`,
      action: required ? "account.two_factor_required" : "account.two_factor_optional",
      targetType: "account",
      targetId: viewer.account.id,
    });
  });
}
