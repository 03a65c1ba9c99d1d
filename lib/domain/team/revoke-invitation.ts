import "server-only";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import type { DbOrTx } from "@/lib/core/db";
import { notFound } from "@/lib/core/errors/errors";
import { auditActor, type TeamActor } from "./team-actor";

/** The link stops working at once; an already accepted invitation cannot be revoked (remove the member instead). */
export async function revokeInvitation(tx: DbOrTx, by: TeamActor, invitationId: string) {
  const { count } = await tx.invitation.updateMany({
    where: { id: invitationId, accountId: by.accountId, acceptedAt: null, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw notFound("Pending invitation");
  const invitation = await tx.invitation.findFirstOrThrow({
    where: { id: invitationId, accountId: by.accountId },
  });
  await recordAudit(tx, {
    accountId: by.accountId,
    actor: auditActor(by),
    action: "team.invitation_revoked",
    targetType: "invitation",
    targetId: invitation.id,
    data: { email: invitation.email, role: invitation.role },
  });
}
