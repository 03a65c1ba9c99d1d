import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { enqueueEmail } from "@/lib/domain/email/enqueue-email";
import { joinConfirmationMessage, joinRefusedMessage } from "@/lib/domain/email/templates/join";
import { publicBaseUrl } from "@/lib/core/config/env";
import { AppError } from "@/lib/core/errors/errors";
import { randomBase62 } from "@/lib/core/ids/ids";
import type { AcceptInvitationInput } from "@/lib/domain/schemas/auth";
import { findOpenInvitation } from "./find-invitation";
import { hashInvitationToken } from "@/lib/domain/auth/invitation-token";

/**
 * The invite link's form. The inviter holds that link too, so the answer is the same whatever the
 * address: "check your email". The name and password (hashed by the caller, outside any
 * transaction) wait on the invitation, and the invited address is mailed either a link that makes
 * the login and membership (lib/domain/team/confirm-join.ts) or, if it already has a login with an
 * account, a note saying it cannot join. Submitting again replaces the waiting details and link.
 */
export async function requestToJoin(
  tx: DbOrTx,
  input: AcceptInvitationInput,
  passwordHash: string,
): Promise<{ email: string }> {
  const found = await findOpenInvitation(tx, input.token);
  if (!found.ok) throw new AppError("not_found", found.problem);
  const { invitation } = found;
  const existing = await tx.user.findUnique({
    where: { email: invitation.email },
    select: { memberships: { select: { id: true }, take: 1 } },
  });
  if (existing && existing.memberships.length > 0) {
    await enqueueEmail(
      tx,
      invitation.email,
      joinRefusedMessage({ accountName: invitation.accountName, signInUrl: `${publicBaseUrl()}/sign-in` }),
      null,
    );
    return { email: invitation.email };
  }
  const token = randomBase62(40);
  const { count } = await tx.invitation.updateMany({
    where: { id: invitation.id, acceptedAt: null, revokedAt: null },
    data: {
      joinName: input.name,
      joinPasswordHash: passwordHash,
      joinTokenHash: hashInvitationToken(token),
      joinRequestedAt: new Date(),
    },
  });
  if (count === 0)
    throw new AppError(
      "not_found",
      "This invitation has already been accepted. Sign in with the email it was sent to.",
    );
  const message = joinConfirmationMessage({
    accountName: invitation.accountName,
    role: invitation.role,
    link: `${publicBaseUrl()}/join/${token}`,
    expiresAt: invitation.expiresAt,
  });
  await enqueueEmail(tx, invitation.email, message, invitation.accountId);
  return { email: invitation.email };
}
