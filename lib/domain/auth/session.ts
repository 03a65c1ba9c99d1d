import "server-only";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { db, type Role } from "@/lib/core/db";
import { authOptions, type SessionUser } from "./options";
import { isLiveUserSession } from "./user-sessions";

export type Viewer = {
  user: {
    id: string;
    email: string;
    name: string;
    emailVerified: boolean;
    /** An authenticator app is on. */
    totpEnabled: boolean;
    /** How many passkeys the person registered. */
    passkeys: number;
    /** Sign-in asks for a second factor: an authenticator app or a passkey. */
    twoFactorEnabled: boolean;
  };
  /** This sign-in (a UserSession row). */
  sessionId: string;
  account: { id: string; name: string; requireTwoFactor: boolean };
  role: Role;
};

/** The signed-in person and their account, read fresh from the database (roles can change mid-session). */
export async function currentViewer(): Promise<Viewer | null> {
  const session = await getServerSession(authOptions());
  const { id: userId, sessionId } = (session?.user ?? {}) as SessionUser;
  // A cookie without a live session row was signed out (or issued before sessions were recorded).
  if (!userId || !sessionId || !(await isLiveUserSession(sessionId, userId))) return null;
  const membership = await db().membership.findFirst({
    where: { userId },
    orderBy: { createdAt: "asc" },
    include: {
      user: {
        select: {
          id: true,
          email: true,
          name: true,
          emailVerifiedAt: true,
          totpEnabledAt: true,
          _count: { select: { passkeys: true } },
        },
      },
      account: { select: { id: true, name: true, requireTwoFactor: true } },
    },
  });
  if (!membership) return null;
  const { emailVerifiedAt, totpEnabledAt, _count, ...user } = membership.user;
  const totpEnabled = totpEnabledAt !== null;
  return {
    user: {
      ...user,
      emailVerified: emailVerifiedAt !== null,
      totpEnabled,
      passkeys: _count.passkeys,
      twoFactorEnabled: totpEnabled || _count.passkeys > 0,
    },
    sessionId,
    account: membership.account,
    role: membership.role,
  };
}

/** Whether the account's rule sends this person to set up two-factor sign-in before anything else. */
export function mustSetUpTwoFactor(viewer: Viewer): boolean {
  return viewer.account.requireTwoFactor && !viewer.user.twoFactorEnabled;
}

export async function requireViewer(): Promise<Viewer> {
  const viewer = await currentViewer();
  if (!viewer) redirect("/sign-in");
  return viewer;
}
