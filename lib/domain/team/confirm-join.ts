import "server-only";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { db, type DbOrTx } from "@/lib/core/db";
import { sendSecurityAlert } from "@/lib/domain/email/send-security-alert";
import { AppError } from "@/lib/core/errors/errors";
import { newId } from "@/lib/core/ids/ids";
import { verifyPassword } from "@/lib/domain/accounts/passwords";
import { findJoinRequest, type JoinRequest } from "./find-invitation";

/**
 * The join request behind a mailed link, if the password given is the one chosen on the invite
 * form: the link alone is not enough, so an inviter who filled the form cannot have the invitee
 * finish it unknowingly with a password the inviter knows. Checked outside any transaction.
 */
export async function openJoinRequest(joinToken: string, password: string): Promise<JoinRequest> {
  const found = await findJoinRequest(db(), joinToken);
  if (!found.ok) throw new AppError("not_found", found.problem);
  if (!(await verifyPassword(password, found.invitation.passwordHash))) {
    const message = "That is not the password you chose on the invitation form.";
    throw new AppError("params_validation", message, { fields: { password: message } });
  }
  return found.invitation;
}

/**
 * Makes the login (or renews one that belongs to no account any more: a member removed and invited
 * back) and the membership of a join request whose mailed link was followed and whose password was
 * given again (the caller checked it). Following the link proves the address, so the email is
 * confirmed. The invitation is used up in the same transaction.
 */
export async function confirmJoin(tx: DbOrTx, request: JoinRequest): Promise<{ email: string }> {
  const existing = await tx.user.findUnique({
    where: { email: request.email },
    select: { id: true, memberships: { select: { id: true }, take: 1 } },
  });
  if (existing && existing.memberships.length > 0) {
    throw new AppError(
      "conflict",
      "This email already has a Tollgate login with another account, so it cannot join this one.",
    );
  }
  // Two tabs confirming at once: only one update finds the invitation still open with this request.
  const { count } = await tx.invitation.updateMany({
    where: { id: request.id, acceptedAt: null, revokedAt: null, joinTokenHash: request.joinTokenHash },
    data: { acceptedAt: new Date(), joinPasswordHash: null, joinTokenHash: null },
  });
  if (count === 0) throw new AppError("conflict", "This invitation has already been used.");
  const login = { name: request.name, passwordHash: request.passwordHash, emailVerifiedAt: new Date() };
  const user = existing
    ? await tx.user.update({ where: { id: existing.id }, data: login })
    : await tx.user.create({ data: { id: newId("user"), email: request.email, ...login } });
  await tx.membership.create({
    data: { id: newId("mem"), accountId: request.accountId, userId: user.id, role: request.role },
  });
  await recordAudit(tx, {
    accountId: request.accountId,
    actor: `user:${user.id}`,
    action: "team.invitation_accepted",
    targetType: "invitation",
    targetId: request.id,
    data: { email: request.email, role: request.role },
  });
  await sendSecurityAlert(tx, request.accountId, "member_added", {
    Member: `${user.name} <${request.email}>`,
    Role: request.role,
  });
  return { email: request.email };
}
