import "server-only";
import { secondFactorChanged } from "@/lib/domain/auth/second-factor-changed";
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { newId } from "@/lib/core/ids/ids";
import type { z } from "zod";
import type { FinishPasskeyInputSchema } from "@/lib/domain/schemas/passkeys";
import { requireFreshAuth } from "@/lib/domain/auth/fresh-auth";
import { issueRecoveryCodes } from "@/lib/domain/auth/recovery-codes";
import type { Viewer } from "@/lib/domain/auth/session";
import { challengeLifetimeMs, consumeChallenge, issueChallenge } from "./challenges";
import { relyingParty } from "./relying-party";

// Enough for a phone, a laptop and a few security keys; each is also listed and removable.
const maxPasskeys = 10;

/**
 * The browser's options to create a passkey. Needs fresh re-authentication: a passkey confirms
 * sensitive changes, so a stolen session must not be able to plant its own.
 */
export async function beginPasskeyRegistration(
  viewer: Viewer,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  await requireFreshAuth(viewer);
  const existing = await db().passkey.findMany({
    where: { userId: viewer.user.id },
    select: { credentialId: true, transports: true },
  });
  if (existing.length >= maxPasskeys)
    throw new AppError(
      "conflict",
      `You have ${maxPasskeys} passkeys, the most a login may have. Remove one first.`,
    );
  const rp = relyingParty();
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: viewer.user.email,
    userDisplayName: viewer.user.name,
    userID: new TextEncoder().encode(viewer.user.id),
    // As bytes: a string would be taken as text and encoded again.
    challenge: Buffer.from(
      await issueChallenge({ userId: viewer.user.id, purpose: "register", sessionId: viewer.sessionId }),
      "base64url",
    ),
    timeout: challengeLifetimeMs,
    attestationType: "none",
    // The same authenticator twice would be one device under two names.
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
}

/**
 * Stores the passkey the browser created for the challenge above; audit-logged, and the owners (and
 * the person) are mailed. A login without an authenticator app and without unused recovery codes is
 * given ten, as turning on an app does (their only plain copy is returned), so losing the device
 * does not lock the person out.
 */
export async function finishPasskeyRegistration(
  viewer: Viewer,
  { name, response }: z.output<typeof FinishPasskeyInputSchema>,
): Promise<{ id: string; recoveryCodes: string[] | null }> {
  await requireFreshAuth(viewer);
  const rp = relyingParty();
  const verification = await verifyRegistrationResponse({
    response: response as RegistrationResponseJSON,
    expectedChallenge: (challenge) =>
      consumeChallenge(challenge, {
        userId: viewer.user.id,
        purpose: "register",
        sessionId: viewer.sessionId,
      }),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch((error: unknown) => {
    console.warn("passkey registration refused", error instanceof Error ? error.message : error);
    return null;
  });
  if (!verification?.verified)
    throw new AppError(
      "params_validation",
      "The passkey could not be added. Start again, and use it within five minutes.",
    );
  const { credential, credentialBackedUp } = verification.registrationInfo;
  const id = newId("pkey");
  return db().$transaction(async (tx) => {
    if (await tx.passkey.findUnique({ where: { credentialId: credential.id }, select: { id: true } }))
      throw new AppError("conflict", "This passkey is already registered.");
    await tx.passkey.create({
      data: {
        id,
        userId: viewer.user.id,
        name,
        credentialId: credential.id,
        publicKey: credential.publicKey,
        counter: BigInt(credential.counter),
        transports: credential.transports ?? [],
        backedUp: credentialBackedUp,
      },
    });
    // A new second factor, as turning on an authenticator app: sessions signed in without it end.
    await secondFactorChanged(tx, viewer, "passkey_added", { id, name });
    const user = await tx.user.findUniqueOrThrow({
      where: { id: viewer.user.id },
      select: { totpEnabledAt: true, _count: { select: { recoveryCodes: { where: { usedAt: null } } } } },
    });
    const recoveryCodes =
      !user.totpEnabledAt && user._count.recoveryCodes === 0
        ? await issueRecoveryCodes(tx, viewer.user.id)
        : null;
    return { id, recoveryCodes };
  });
}
