import "server-only";
import { recordAudit } from "@/lib/audit";
import type { Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { hashPassword } from "@/lib/passwords";
import type { AcceptInvitationInput } from "@/lib/schemas/auth";
import { findOpenInvitation } from "./find-invitation";

/**
 * Creates the invitee's login (or renews one that belongs to no account any more: a member removed
 * and invited back) and membership; the invitation is used up in the same transaction.
 */
export async function acceptInvitation(tx: Tx, input: AcceptInvitationInput) {
  const found = await findOpenInvitation(tx, input.token);
  if (!found.ok) throw new AppError("not_found", found.problem);
  const { invitation } = found;
  const existing = await tx.user.findUnique({ where: { email: invitation.email }, select: { id: true, memberships: { select: { id: true } } } });
  if (existing && existing.memberships.length > 0) {
    throw new AppError("conflict", "This email already has a Tollgate login. Invitations are for new users; ask for an invitation to a different address.");
  }
  // Guards against two tabs accepting the same link at once: only one update finds the row still open.
  const { count } = await tx.invitation.updateMany({ where: { id: invitation.id, acceptedAt: null, revokedAt: null }, data: { acceptedAt: new Date() } });
  if (count === 0) throw new AppError("conflict", "This invitation has already been used.");
  const login = { name: input.name, passwordHash: await hashPassword(input.password) };
  const user = existing ? await tx.user.update({ where: { id: existing.id }, data: login }) : await tx.user.create({ data: { id: newId("user"), email: invitation.email, ...login } });
  await tx.membership.create({ data: { id: newId("mem"), accountId: invitation.accountId, userId: user.id, role: invitation.role } });
  await recordAudit(tx, {
    accountId: invitation.accountId,
    actor: `user:${user.id}`,
    action: "team.invitation_accepted",
    targetType: "invitation",
    targetId: invitation.id,
    data: { email: invitation.email, role: invitation.role },
  });
  return { email: invitation.email };
}
