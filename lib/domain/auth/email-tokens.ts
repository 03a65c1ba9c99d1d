import "server-only";
import crypto from "node:crypto";
import type { EmailTokenPurpose, DbOrTx } from "@/lib/core/db";
import { newId, randomBase62 } from "@/lib/core/ids/ids";

export const emailTokenLifetimeMs: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 30 * 60 * 1000,
};

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/**
 * A new single-use token for the user, replacing any earlier one of the same purpose (only the
 * newest link mailed works). Only its SHA-256 is stored; the returned token goes into the mail.
 */
export async function issueEmailToken(
  tx: DbOrTx,
  userId: string,
  purpose: EmailTokenPurpose,
): Promise<string> {
  await tx.emailToken.deleteMany({ where: { userId, purpose } });
  const token = randomBase62(40);
  await tx.emailToken.create({
    data: {
      id: newId("etok"),
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + emailTokenLifetimeMs[purpose]),
    },
  });
  return token;
}

/** The user a token still works for (unused, unexpired, of this purpose), without using it up. */
export async function findEmailToken(q: DbOrTx, token: string, purpose: EmailTokenPurpose) {
  const row = await q.emailToken.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { user: { select: { id: true, email: true, name: true } } },
  });
  if (!row || row.purpose !== purpose || row.usedAt || row.expiresAt <= new Date()) return null;
  return row;
}

/**
 * Uses a token up and returns its user, or null if it does not work (any more). Two requests with
 * the same token cannot both succeed: only one update finds it still unused.
 */
export async function consumeEmailToken(tx: DbOrTx, token: string, purpose: EmailTokenPurpose) {
  const row = await findEmailToken(tx, token, purpose);
  if (!row) return null;
  const { count } = await tx.emailToken.updateMany({
    where: { id: row.id, usedAt: null },
    data: { usedAt: new Date() },
  });
  return count === 1 ? row.user : null;
}
