import "server-only";
import { recordAudit } from "@/lib/audit";
import type { Role, Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { assertMayGrant, auditActor, lockMemberForChange, type TeamActor } from "./team-actor";

export async function changeMemberRole(tx: Tx, by: TeamActor, membershipId: string, role: Role) {
  assertMayGrant(by, role);
  const { member, ownerCount } = await lockMemberForChange(tx, by, membershipId);
  if (member.role === role) return member;
  if (member.role === "owner" && ownerCount <= 1) {
    const message = `${member.user.email} is the only owner. Make someone else an owner first.`;
    throw new AppError("conflict", message, { fields: { role: message } });
  }
  const updated = await tx.membership.update({ where: { id: member.id }, data: { role } });
  await recordAudit(tx, {
    accountId: by.accountId,
    actor: auditActor(by),
    action: "team.member_role_changed",
    targetType: "user",
    targetId: member.user.id,
    data: { email: member.user.email, from: member.role, to: role },
  });
  return updated;
}
