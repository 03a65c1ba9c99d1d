import "server-only";
import type { Role, DbOrTx } from "@/lib/core/db";
import { hashInvitationToken } from "@/lib/domain/auth/invitation-token";

export type OpenInvitation = {
  id: string;
  accountId: string;
  accountName: string;
  email: string;
  role: Role;
  expiresAt: Date;
};
type Found<T> = { ok: true; invitation: T } | { ok: false; problem: string };

/** The invitation behind a link, or why it cannot be used (in words for the person holding it). */
export async function findOpenInvitation(q: DbOrTx, token: string): Promise<Found<OpenInvitation>> {
  return openInvitation(
    await q.invitation.findUnique({
      where: { tokenHash: hashInvitationToken(token) },
      include: { account: { select: { name: true } } },
    }),
    "This invitation link is not valid. It may have been revoked; ask the person who invited you for a new one.",
  );
}

export type JoinRequest = OpenInvitation & { name: string; passwordHash: string; joinTokenHash: string };

/** The invitation whose mailed "finish joining" link this is, with the name and password hash waiting on it. */
export async function findJoinRequest(q: DbOrTx, joinToken: string): Promise<Found<JoinRequest>> {
  const joinTokenHash = hashInvitationToken(joinToken);
  const row = await q.invitation.findUnique({
    where: { joinTokenHash },
    include: { account: { select: { name: true } } },
    omit: { joinPasswordHash: false },
  });
  const found = openInvitation(
    row,
    "This link does not work any more: it was replaced by a newer one, or the invitation was revoked. Open your invitation again to get a new link.",
  );
  if (!found.ok) return found;
  return {
    ok: true,
    invitation: {
      ...found.invitation,
      name: row!.joinName!,
      passwordHash: row!.joinPasswordHash!,
      joinTokenHash,
    },
  };
}

type InvitationRow = {
  id: string;
  accountId: string;
  email: string;
  role: Role;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
  account: { name: string };
};

function openInvitation(row: InvitationRow | null, invalid: string): Found<OpenInvitation> {
  if (!row || row.revokedAt) return { ok: false, problem: invalid };
  if (row.acceptedAt)
    return {
      ok: false,
      problem: "This invitation has already been accepted. Sign in with the email it was sent to.",
    };
  if (row.expiresAt <= new Date())
    return {
      ok: false,
      problem: "This invitation has expired. Ask the person who invited you for a new one.",
    };
  return {
    ok: true,
    invitation: {
      id: row.id,
      accountId: row.accountId,
      accountName: row.account.name,
      email: row.email,
      role: row.role,
      expiresAt: row.expiresAt,
    },
  };
}
