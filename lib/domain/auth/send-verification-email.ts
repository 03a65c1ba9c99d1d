import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { enqueueEmail } from "@/lib/domain/email/enqueue-email";
import { verifyEmailMessage } from "@/lib/domain/email/templates/verify-email";
import { publicBaseUrl } from "@/lib/core/config/env";
import { emailTokenLifetimeMs, issueEmailToken } from "./email-tokens";

/** Mails the user a link that proves they read mail at their address (an earlier link stops working). */
export async function sendVerificationEmail(
  tx: DbOrTx,
  user: { id: string; email: string; name: string },
  accountId: string | null,
): Promise<void> {
  const token = await issueEmailToken(tx, user.id, "verify_email");
  const message = verifyEmailMessage({
    name: user.name,
    link: `${publicBaseUrl()}/verify-email/${token}`,
    validHours: emailTokenLifetimeMs.verify_email / 3_600_000,
  });
  await enqueueEmail(tx, user.email, message, accountId);
}
