import "server-only";
import { recordAudit } from "@/lib/audit";
import type { Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { InviteMemberInput } from "@/lib/schemas/team";
import { hashInvitationToken, invitationLifetimeMs, invitationLink, newInvitationToken } from "./invitation-token";
import { assertMayGrant, auditActor, type TeamActor } from "./team-actor";

/**
 * Invites a new person by email with a role. There is no mail server: the returned link is the
 * invitation, shown once to the inviter to pass on. Invitations are for people without a Tollgate
 * login, since a login belongs to one account, or whose login belongs to no account any more
 * (someone removed from a team may be invited back).
 */
export async function inviteMember(tx: Tx, by: TeamActor, input: InviteMemberInput) {
  assertMayGrant(by, input.role);
  const existing = await tx.user.findUnique({ where: { email: input.email }, select: { memberships: { select: { accountId: true } } } });
  if (existing && existing.memberships.length > 0) {
    const message = existing.memberships.some((m) => m.accountId === by.accountId) ? "This person is already a member of the team." : "This email already has a Tollgate login with another account; invite a different address.";
    throw new AppError("conflict", message, { fields: { email: message } });
  }
  const pending = await tx.invitation.findFirst({ where: { accountId: by.accountId, email: input.email, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } } });
  if (pending) {
    const message = "This email already has a pending invitation. Revoke it to send a new one.";
    throw new AppError("conflict", message, { fields: { email: message } });
  }
  const token = newInvitationToken();
  const invitation = await tx.invitation.create({
    data: {
      id: newId("inv"),
      accountId: by.accountId,
      email: input.email,
      role: input.role,
      tokenHash: hashInvitationToken(token),
      invitedById: by.userId,
      expiresAt: new Date(Date.now() + invitationLifetimeMs),
    },
  });
  await recordAudit(tx, {
    accountId: by.accountId,
    actor: auditActor(by),
    action: "team.member_invited",
    targetType: "invitation",
    targetId: invitation.id,
    data: { email: invitation.email, role: invitation.role },
  });
  return { id: invitation.id, email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt, link: invitationLink(token) };
}
