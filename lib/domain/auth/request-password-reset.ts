import "server-only";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { limitResetRequests } from "./email-rate-limits";

/**
 * Takes a "send me a reset link" as asked: the same limits, one row written, the same answer,
 * whether or not the email has a login. Whether to mail anyone is decided later by the worker
 * (handleResetRequests), so neither the answer nor its timing tells who has an account.
 */
export async function requestPasswordReset(email: string, clientAddress: string | null): Promise<void> {
  await limitResetRequests(email, clientAddress);
  await db().passwordResetRequest.create({ data: { id: newId("pwr"), email } });
}
