import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { revokeUserSessions } from "./user-sessions";

/**
 * The one place a user's password is replaced (a reset and a change both come here), so whatever
 * else a new password must do (ending the user's other sessions) happens once. `passwordHash` is
 * computed by the caller before its transaction: the slow hash must not hold a connection.
 */
export async function setPassword(
  tx: DbOrTx,
  userId: string,
  passwordHash: string,
  keepSessionId?: string,
): Promise<void> {
  await tx.user.update({ where: { id: userId }, data: { passwordHash } });
  // Whoever knew the old password may be signed in elsewhere: only the session that changed it stays.
  await revokeUserSessions(tx, userId, keepSessionId);
}
