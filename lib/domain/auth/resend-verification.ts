import "server-only";
import { db } from "@/lib/core/db";
import { limitVerificationResends } from "./email-rate-limits";
import { sendVerificationEmail } from "./send-verification-email";
import type { Viewer } from "./session";

/** Mails the signed-in user a new verification link (the previous one stops working); nothing if already verified. */
export async function resendVerification(
  viewer: Viewer,
): Promise<{ email: string; alreadyVerified: boolean }> {
  if (viewer.user.emailVerified) return { email: viewer.user.email, alreadyVerified: true };
  await limitVerificationResends(viewer.user.id);
  await db().$transaction((tx) => sendVerificationEmail(tx, viewer.user, viewer.account.id));
  return { email: viewer.user.email, alreadyVerified: false };
}
