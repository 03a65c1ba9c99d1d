import "server-only";
import { recordAudit } from "@/lib/audit";
import type { Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { auditActor, lockMemberForChange, type TeamActor } from "./team-actor";

/** Takes a person off the team; their login stops working for this account at once (roles are read per request). */
export async function removeMember(tx: Tx, by: TeamActor, membershipId: string) {
  const { member, ownerCount } = await lockMemberForChange(tx, by, membershipId);
  if (member.role === "owner" && ownerCount <= 1) {
    throw new AppError("conflict", `${member.user.email} is the only owner and cannot be removed. Make someone else an owner first.`);
  }
  await tx.membership.delete({ where: { id: member.id } });
  await recordAudit(tx, {
    accountId: by.accountId,
    actor: auditActor(by),
    action: "team.member_removed",
    targetType: "user",
    targetId: member.user.id,
    data: { email: member.user.email, role: member.role },
  });
}
