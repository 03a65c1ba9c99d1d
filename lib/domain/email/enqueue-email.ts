import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import type { EmailMessage } from "./templates/message";

/**
 * Queues a mail inside the caller's transaction: it is sent (by the worker) exactly when what caused
 * it is committed, and a crash between the two loses nothing. `accountId` puts it in that account's
 * dev outbox; null for mail about a login alone (a password reset of someone without an account).
 */
export async function enqueueEmail(
  tx: DbOrTx,
  to: string,
  message: EmailMessage,
  accountId: string | null,
  options: { kept?: boolean } = {},
): Promise<void> {
  // A kept mail is written to the outbox for the team to read, and never sent.
  await tx.outboundEmail.create({
    data: {
      id: newId("mail"),
      accountId,
      to,
      ...message,
      ...(options.kept ? { status: "kept" as const } : {}),
    },
  });
}
