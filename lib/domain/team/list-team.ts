import "server-only";
import type { DbOrTx } from "@/lib/core/db";

/** The account's members, oldest first, and the invitations not yet accepted or revoked. */
export async function listTeam(q: DbOrTx, accountId: string) {
  const members = await q.membership.findMany({
    where: { accountId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      role: true,
      createdAt: true,
      user: { select: { id: true, email: true, name: true, lastLoginAt: true } },
    },
  });
  const invitations = await q.invitation.findMany({
    where: { accountId, acceptedAt: null, revokedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, email: true, role: true, createdAt: true, expiresAt: true },
  });
  return { members, invitations };
}
