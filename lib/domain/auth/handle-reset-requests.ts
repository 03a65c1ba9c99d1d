import "server-only";
import { db } from "@/lib/core/db";
import { enqueueEmail } from "@/lib/domain/email/enqueue-email";
import { resetPasswordMessage } from "@/lib/domain/email/templates/reset-password";
import { publicBaseUrl } from "@/lib/core/config/env";
import { emailTokenLifetimeMs, issueEmailToken } from "./email-tokens";

/**
 * One worker round over reset requests: for an email with a login, a reset token and its mail
 * (queued in the same transaction that takes the request); for any other email, nothing is sent.
 * Returns true when it took a full batch (more may be waiting).
 */
export async function handleResetRequests(limit: number): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const requests = await tx.$queryRaw<{ id: string; email: string }[]>`
      SELECT "id", "email" FROM "PasswordResetRequest" ORDER BY "createdAt" LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
    for (const request of requests) {
      const user = await tx.user.findUnique({
        where: { email: request.email },
        select: {
          id: true,
          email: true,
          name: true,
          memberships: { select: { accountId: true }, orderBy: { createdAt: "asc" }, take: 1 },
        },
      });
      if (user) {
        const token = await issueEmailToken(tx, user.id, "reset_password");
        const message = resetPasswordMessage({
          name: user.name,
          link: `${publicBaseUrl()}/reset-password/${token}`,
          validMinutes: emailTokenLifetimeMs.reset_password / 60_000,
        });
        await enqueueEmail(tx, user.email, message, user.memberships[0]?.accountId ?? null);
      }
      await tx.passwordResetRequest.delete({ where: { id: request.id } });
    }
    return requests.length === limit;
  });
}
