import "server-only";
import type { Role, Tx } from "@/lib/db";
import { hashInvitationToken } from "./invitation-token";

export type OpenInvitation = { id: string; accountId: string; accountName: string; email: string; role: Role };

/** The invitation behind a link, or why it cannot be used (in words for the person holding it). */
export async function findOpenInvitation(q: Tx, token: string): Promise<{ ok: true; invitation: OpenInvitation } | { ok: false; problem: string }> {
  const row = await q.invitation.findUnique({ where: { tokenHash: hashInvitationToken(token) }, include: { account: { select: { name: true } } } });
  if (!row || row.revokedAt) return { ok: false, problem: "This invitation link is not valid. It may have been revoked; ask the person who invited you for a new one." };
  if (row.acceptedAt) return { ok: false, problem: "This invitation has already been accepted. Sign in with the email it was sent to." };
  if (row.expiresAt <= new Date()) return { ok: false, problem: "This invitation has expired. Ask the person who invited you for a new one." };
  return { ok: true, invitation: { id: row.id, accountId: row.accountId, accountName: row.account.name, email: row.email, role: row.role } };
}
