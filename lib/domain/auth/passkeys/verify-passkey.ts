import "server-only";
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticatorTransport,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { db, type WebAuthnPurpose } from "@/lib/core/db";
import type { PasskeyAssertion } from "@/lib/domain/schemas/passkeys";
import { challengeLifetimeMs, consumeChallenge, issueChallenge } from "./challenges";
import { relyingParty } from "./relying-party";

type Ceremony = { userId: string; purpose: Exclude<WebAuthnPurpose, "register">; sessionId: string | null };

/** The browser's options to sign with one of the person's passkeys (null when they have none). */
export async function passkeyAssertionOptions(
  ceremony: Ceremony,
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const passkeys = await db().passkey.findMany({
    where: { userId: ceremony.userId },
    select: { credentialId: true, transports: true },
  });
  if (passkeys.length === 0) return null;
  return generateAuthenticationOptions({
    rpID: relyingParty().id,
    // As bytes: a string would be taken as text and encoded again.
    challenge: Buffer.from(await issueChallenge(ceremony), "base64url"),
    timeout: challengeLifetimeMs,
    allowCredentials: passkeys.map((p) => ({
      id: p.credentialId,
      transports: p.transports as AuthenticatorTransport[],
    })),
    userVerification: "preferred",
  });
}

/**
 * Whether `assertion` is a signature by one of the person's passkeys over a challenge issued to this
 * ceremony (spent here, so an assertion counts once), from our origin, with a signature counter
 * above the stored one (a cloned authenticator shows up as a counter that went back). The counter
 * only moves forward, in one statement, and the passkey's last use is noted.
 */
export async function verifyPasskey(ceremony: Ceremony, assertion: PasskeyAssertion): Promise<boolean> {
  const passkey = await db().passkey.findFirst({
    where: { userId: ceremony.userId, credentialId: assertion.id },
  });
  if (!passkey) return false;
  const rp = relyingParty();
  const verification = await verifyAuthenticationResponse({
    response: assertion,
    expectedChallenge: (challenge) => consumeChallenge(challenge, ceremony),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(passkey.publicKey),
      counter: Number(passkey.counter),
      transports: passkey.transports as AuthenticatorTransport[],
    },
    requireUserVerification: false,
  }).catch((error: unknown) => {
    console.warn("passkey assertion refused", error instanceof Error ? error.message : error);
    return null;
  });
  if (!verification?.verified) return false;
  const { count } = await db().passkey.updateMany({
    where: { id: passkey.id, counter: passkey.counter },
    data: {
      counter: BigInt(verification.authenticationInfo.newCounter),
      backedUp: verification.authenticationInfo.credentialBackedUp,
      lastUsedAt: new Date(),
    },
  });
  return count === 1;
}
