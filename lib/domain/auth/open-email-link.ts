import "server-only";
import type { EmailTokenPurpose } from "@/lib/core/db";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { limitTokenAttempts } from "./email-rate-limits";
import { findEmailToken } from "./email-tokens";

/**
 * What a page opened from a mailed link shows: the login the link works for, or why it does not
 * work. Looking a wrong token up counts as a guess, like using it, so the page is no free oracle.
 */
export async function openEmailLink(
  token: string,
  purpose: EmailTokenPurpose,
  clientAddress: string | null,
  unusable: string,
): Promise<{ ok: true; email: string } | { ok: false; problem: string }> {
  try {
    const row = await limitTokenAttempts(clientAddress, () => findEmailToken(db(), token, purpose), Boolean);
    return row ? { ok: true, email: row.user.email } : { ok: false, problem: unusable };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, problem: error.message };
    throw error;
  }
}
