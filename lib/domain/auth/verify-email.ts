import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { consumeEmailToken } from "./email-tokens";

export const unusableVerificationLink =
  "This link does not work any more: it was used, replaced by a newer one, or expired. If your email is not confirmed yet, get a new link below.";

/** Marks the token's user verified (the link can be followed without being signed in). */
export async function verifyEmail(tx: DbOrTx, token: string): Promise<{ email: string }> {
  const user = await consumeEmailToken(tx, token, "verify_email");
  if (!user) throw new AppError("not_found", unusableVerificationLink);
  await tx.user.updateMany({
    where: { id: user.id, emailVerifiedAt: null },
    data: { emailVerifiedAt: new Date() },
  });
  return { email: user.email };
}
