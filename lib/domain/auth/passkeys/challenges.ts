import "server-only";
import crypto from "node:crypto";
import { db, type WebAuthnPurpose } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";

/** How long a browser has to answer a WebAuthn challenge (the ceremony's own timeout is the same). */
export const challengeLifetimeMs = 5 * 60_000;

type ChallengeOwner = { userId: string; purpose: WebAuthnPurpose; sessionId: string | null };

/**
 * A new random challenge, stored server-side. It replaces the same person's earlier challenge for
 * the same purpose (and sign-in), so asking again and again keeps one row, not many.
 */
export async function issueChallenge({ userId, purpose, sessionId }: ChallengeOwner): Promise<string> {
  const challenge = crypto.randomBytes(32).toString("base64url");
  const now = new Date();
  await db().$transaction(async (tx) => {
    await tx.webAuthnChallenge.deleteMany({
      where: { userId, OR: [{ purpose, sessionId }, { expiresAt: { lt: now } }] },
    });
    await tx.webAuthnChallenge.create({
      data: {
        id: newId("wch"),
        userId,
        purpose,
        sessionId,
        challenge,
        expiresAt: new Date(now.getTime() + challengeLifetimeMs),
      },
    });
  });
  return challenge;
}

/**
 * Spends a challenge the browser answered: true once, for its owner, purpose and sign-in, before it
 * expires; false otherwise. One statement, so a replayed answer racing the first cannot also win.
 */
export async function consumeChallenge(
  challenge: string,
  { userId, purpose, sessionId }: ChallengeOwner,
): Promise<boolean> {
  const { count } = await db().webAuthnChallenge.deleteMany({
    where: { challenge, userId, purpose, sessionId, expiresAt: { gt: new Date() } },
  });
  return count === 1;
}
