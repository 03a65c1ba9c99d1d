import "server-only";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { guardSensitiveChange, recordSensitiveChange } from "@/lib/domain/auth/sensitive-change";
import type { DbOrTx, Role } from "@/lib/core/db";
import { enqueueEmail } from "@/lib/domain/email/enqueue-email";
import { invitationMessage } from "@/lib/domain/email/templates/invitation";
import { AppError } from "@/lib/core/errors/errors";
import { newId } from "@/lib/core/ids/ids";
import type { InviteMemberInput } from "@/lib/domain/schemas/team";
import {
  hashInvitationToken,
  invitationLifetimeMs,
  invitationLink,
  newInvitationToken,
} from "@/lib/domain/auth/invitation-token";
import { assertMayGrant, auditActor, type TeamActor } from "./team-actor";

/**
 * Invites a new person by email with a role: the link is mailed to them (queued in this
 * transaction) and also returned, shown once to the inviter, who may pass it on another way (mail
 * may be slow, or stay in the dev outbox when no SMTP server is configured). Only people without a
 * Tollgate login can join, since a login belongs to one account, or whose login belongs to no
 * account any more (someone removed from a team may be invited back). The answer does not say
 * whether the email has a login with another account: that would tell anyone with the team.manage
 * permission who uses Tollgate. Such an invitee learns it when they follow the link.
 */
export async function inviteMember(tx: DbOrTx, by: TeamActor, input: InviteMemberInput) {
  assertMayGrant(by, input.role);
  if (grantsPower(input.role)) await guardSensitiveChange(tx, auditActor(by), null, "team.member_invited");
  // The inviter sees their own team, so saying so tells them nothing new.
  const member = await tx.membership.findFirst({
    where: { accountId: by.accountId, user: { email: input.email } },
    select: { id: true },
  });
  if (member) {
    const message = "This person is already a member of the team.";
    throw new AppError("conflict", message, { fields: { email: message } });
  }
  const pending = await tx.invitation.findFirst({
    where: {
      accountId: by.accountId,
      email: input.email,
      acceptedAt: null,
      revokedAt: null,
      expiresAt: { gt: new Date() },
    },
  });
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
  const entry = {
    accountId: by.accountId,
    action: "team.member_invited" as const,
    targetType: "invitation",
    targetId: invitation.id,
    data: { email: invitation.email, role: invitation.role },
  };
  if (grantsPower(invitation.role))
    await recordSensitiveChange(tx, auditActor(by), {
      ...entry,
      details: { Invited: invitation.email, Role: invitation.role },
    });
  else await recordAudit(tx, { ...entry, actor: auditActor(by) });
  const [account, inviter] = await Promise.all([
    tx.account.findUniqueOrThrow({ where: { id: by.accountId }, select: { name: true } }),
    tx.user.findUniqueOrThrow({ where: { id: by.userId }, select: { name: true } }),
  ]);
  const link = invitationLink(token);
  await enqueueEmail(
    tx,
    invitation.email,
    invitationMessage({
      accountName: account.name,
      inviterName: inviter.name,
      role: invitation.role,
      link,
      expiresAt: invitation.expiresAt,
    }),
    by.accountId,
  );
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt,
    link,
  };
}

// Inviting an owner or admin grants, once accepted, the power to change where money goes.
const grantsPower = (role: Role) => role === "owner" || role === "admin";
