import "server-only";
import type { Role, DbOrTx } from "@/lib/core/db";
import { AppError, notFound } from "@/lib/core/errors/errors";

/** Who is changing the team: a signed-in member, with their account and role. */
export type TeamActor = { accountId: string; userId: string; role: Role };

export const auditActor = (by: TeamActor) => `user:${by.userId}`;

export function assertMayGrant(by: TeamActor, role: Role): void {
  if (role === "owner" && by.role !== "owner") {
    throw new AppError("forbidden", "Only an owner can make someone an owner.", {
      fields: { role: "Only an owner can grant the owner role." },
    });
  }
}

/**
 * Loads a member about to be changed or removed, with the number of owners the account has. The
 * owners' rows are locked first, so two owners demoting each other at once cannot leave none.
 */
export async function lockMemberForChange(tx: DbOrTx, by: TeamActor, membershipId: string) {
  const owners = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Membership" WHERE "accountId" = ${by.accountId} AND "role" = 'owner' FOR UPDATE`;
  const member = await tx.membership.findFirst({
    where: { id: membershipId, accountId: by.accountId },
    include: { user: { select: { id: true, email: true } } },
  });
  if (!member) throw notFound("Member");
  if (member.role === "owner" && by.role !== "owner")
    throw new AppError("forbidden", "Only an owner can change or remove an owner.");
  return { member, ownerCount: owners.length };
}
