import "server-only";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { hashPassword } from "@/lib/domain/accounts/passwords";
import type { ChangePasswordInput } from "@/lib/domain/schemas/auth";
import { confirmPassword } from "./confirm-password";
import type { Viewer } from "./session";
import { setPassword } from "./set-password";

/** A signed-in user replaces their password, proving they know the current one (errors on its field). */
export async function changePassword(
  viewer: Viewer,
  input: ChangePasswordInput,
  clientAddress: string | null,
): Promise<void> {
  await confirmPassword(viewer.user.id, input.password, clientAddress);
  if (input.newPassword === input.password) {
    const message = "Choose a password different from your current one.";
    throw new AppError("params_validation", message, { fields: { newPassword: message } });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db().$transaction(async (tx) => {
    await setPassword(tx, viewer.user.id, passwordHash, viewer.sessionId);
    await recordAudit(tx, {
      accountId: viewer.account.id,
      actor: `user:${viewer.user.id}`,
      action: "user.password_changed",
      targetType: "user",
      targetId: viewer.user.id,
      data: { email: viewer.user.email },
    });
  });
}
