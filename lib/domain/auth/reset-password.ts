import "server-only";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { hashPassword } from "@/lib/domain/accounts/passwords";
import type { ResetPasswordInput } from "@/lib/domain/schemas/auth";
import { consumeEmailToken } from "./email-tokens";
import { setPassword } from "./set-password";

export const unusableResetLink =
  "This reset link does not work any more: it was used, replaced by a newer one, or expired. Ask for a new one.";

/**
 * Sets a new password with a mailed reset token, which it uses up. Following the link proves the
 * user reads mail at their address, so it also verifies the email.
 */
export async function resetPassword(input: ResetPasswordInput): Promise<{ email: string }> {
  const passwordHash = await hashPassword(input.password);
  return db().$transaction(async (tx) => {
    const user = await consumeEmailToken(tx, input.token, "reset_password");
    if (!user) throw new AppError("not_found", unusableResetLink);
    await setPassword(tx, user.id, passwordHash);
    await tx.user.updateMany({
      where: { id: user.id, emailVerifiedAt: null },
      data: { emailVerifiedAt: new Date() },
    });
    const memberships = await tx.membership.findMany({
      where: { userId: user.id },
      select: { accountId: true },
    });
    for (const { accountId } of memberships) {
      await recordAudit(tx, {
        accountId,
        actor: `user:${user.id}`,
        action: "user.password_reset",
        targetType: "user",
        targetId: user.id,
        data: { email: user.email },
      });
    }
    return { email: user.email };
  });
}
