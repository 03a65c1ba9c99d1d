import "server-only";
import { recordAudit } from "@/lib/audit-log/audit";
import type { Role, DbOrTx } from "@/lib/db";
import { forgetApiKeysCreatedBy } from "@/lib/api-keys/authenticate-api-key";
import { describeActor } from "@/lib/audit-log/describe-actor";
import { sendSecurityAlert } from "@/lib/email/send-security-alert";
import { AppError } from "@/lib/errors/errors";
import { assertMayGrant, auditActor, lockMemberForChange, type TeamActor } from "./team-actor";

export async function changeMemberRole(tx: DbOrTx, by: TeamActor, membershipId: string, role: Role) {
  assertMayGrant(by, role);
  const { member, ownerCount } = await lockMemberForChange(tx, by, membershipId);
  if (member.role === role) return member;
  if (member.role === "owner" && ownerCount <= 1) {
    const message = `${member.user.email} is the only owner. Make someone else an owner first.`;
    throw new AppError("conflict", message, { fields: { role: message } });
  }
  const updated = await tx.membership.update({ where: { id: member.id }, data: { role } });
  // Their keys are bounded by their role (effectiveApiPermissions) from the next request on.
  forgetApiKeysCreatedBy(member.user.id);
  await recordAudit(tx, {
    accountId: by.accountId,
    actor: auditActor(by),
    action: "team.member_role_changed",
    targetType: "user",
    targetId: member.user.id,
    data: { email: member.user.email, from: member.role, to: role },
  });
  await sendSecurityAlert(tx, by.accountId, "member_role_changed", { Member: member.user.email, "Old role": member.role, "New role": role, "Changed by": await describeActor(tx, auditActor(by)) });
  return updated;
}
