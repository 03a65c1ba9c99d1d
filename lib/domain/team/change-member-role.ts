import "server-only";
import { guardSensitiveChange, recordSensitiveChange } from "@/lib/domain/auth/sensitive-change";
import type { Role, DbOrTx } from "@/lib/core/db";
import { forgetApiKeysCreatedBy } from "@/lib/domain/api-keys/authenticate-api-key";
import { AppError } from "@/lib/core/errors/errors";
import { assertMayGrant, auditActor, lockMemberForChange, type TeamActor } from "./team-actor";

export async function changeMemberRole(tx: DbOrTx, by: TeamActor, membershipId: string, role: Role) {
  await guardSensitiveChange(tx, auditActor(by), null, "team.member_role_changed");
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
  await recordSensitiveChange(tx, auditActor(by), {
    accountId: by.accountId,
    action: "team.member_role_changed",
    targetType: "user",
    targetId: member.user.id,
    data: { email: member.user.email, from: member.role, to: role },
    details: { Member: member.user.email, "Old role": member.role, "New role": role },
  });
  return updated;
}
