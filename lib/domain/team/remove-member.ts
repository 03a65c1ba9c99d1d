import "server-only";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import type { DbOrTx } from "@/lib/core/db";
import { revokeApiKey } from "@/lib/domain/api-keys/revoke-api-key";
import { revokeUserSessions } from "@/lib/domain/auth/user-sessions";
import { AppError } from "@/lib/core/errors/errors";
import { auditActor, lockMemberForChange, type TeamActor } from "./team-actor";

/**
 * Takes a person off the team, signs them out everywhere at once and revokes the API keys they
 * made: a key never carries more than its creator may do now, and someone who left may do nothing.
 * Revoking says so in the keys list and the audit log, where a key that silently lost every
 * permission would only answer 403 (authenticateApiKey bounds it that way too, should one remain).
 */
export async function removeMember(tx: DbOrTx, by: TeamActor, membershipId: string) {
  const { member, ownerCount } = await lockMemberForChange(tx, by, membershipId);
  if (member.role === "owner" && ownerCount <= 1) {
    throw new AppError(
      "conflict",
      `${member.user.email} is the only owner and cannot be removed. Make someone else an owner first.`,
    );
  }
  await tx.membership.delete({ where: { id: member.id } });
  // Their cookie must not come back to life if they are invited again.
  await revokeUserSessions(tx, member.user.id);
  const keys = await tx.apiKey.findMany({
    where: { accountId: by.accountId, createdById: member.user.id, revokedAt: null },
    select: { id: true, mode: true },
  });
  for (const key of keys)
    await revokeApiKey(
      { tx, scope: { accountId: by.accountId, mode: key.mode }, actor: auditActor(by) },
      key.id,
    );
  await recordAudit(tx, {
    accountId: by.accountId,
    actor: auditActor(by),
    action: "team.member_removed",
    targetType: "user",
    targetId: member.user.id,
    data: { email: member.user.email, role: member.role },
  });
}
