import "server-only";
import { db, type DbOrTx } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";

/** How long a dashboard sign-in lasts; the session cookie's own lifetime is the same. */
export const sessionLifetimeSeconds = 12 * 60 * 60;
// Last seen is written at most this often, so an active user's page views are not each a write.
const lastSeenEveryMs = 5 * 60 * 1000;

/**
 * Records a new sign-in; its id goes into the session cookie. A sign-in with a second factor is
 * itself a re-authentication (it proved more than a re-entered password or code does), so the
 * sensitive changes of the next minutes do not ask again.
 */
export async function startUserSession(
  userId: string,
  device: { userAgent: string | null; ipAddress: string | null },
  { twoFactor = false }: { twoFactor?: boolean } = {},
): Promise<string> {
  const id = newId("sess");
  const now = new Date();
  await db().userSession.create({
    data: {
      id,
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + sessionLifetimeSeconds * 1000),
      userAgent: device.userAgent?.slice(0, 300) ?? null,
      ipAddress: device.ipAddress,
      reauthenticatedAt: twoFactor ? now : null,
    },
  });
  return id;
}

/** Whether a session is still signed in; notes that it was seen. */
export async function isLiveUserSession(sessionId: string, userId: string): Promise<boolean> {
  const session = await db().userSession.findFirst({
    where: { id: sessionId, userId, revokedAt: null, expiresAt: { gt: new Date() } },
    select: { lastSeenAt: true },
  });
  if (!session) return false;
  if (Date.now() - session.lastSeenAt.getTime() > lastSeenEveryMs) {
    await db().userSession.update({ where: { id: sessionId }, data: { lastSeenAt: new Date() } });
  }
  return true;
}

/** Signs one session out, wherever its cookie has been copied to. */
export async function revokeUserSession(sessionId: string): Promise<void> {
  await db().userSession.updateMany({
    where: { id: sessionId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
}

/** Signs a person out everywhere (or everywhere but `exceptSessionId`), e.g. when they leave a team. */
export async function revokeUserSessions(
  tx: DbOrTx,
  userId: string,
  exceptSessionId?: string,
): Promise<number> {
  const { count } = await tx.userSession.updateMany({
    where: { userId, revokedAt: null, ...(exceptSessionId ? { id: { not: exceptSessionId } } : {}) },
    data: { revokedAt: new Date() },
  });
  return count;
}
