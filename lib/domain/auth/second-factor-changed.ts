import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { sendSecurityAlert } from "@/lib/domain/email/send-security-alert";
import type { Viewer } from "./session";
import { revokeUserSessions } from "./user-sessions";

/**
 * What follows any change to a person's second factors (an authenticator app or a passkey added or
 * removed), in the transaction that makes it: their other sessions end, the change is audited, and
 * the owners and the person are told by email.
 */
export async function secondFactorChanged(
  tx: DbOrTx,
  viewer: Viewer,
  change: "two_factor_enabled" | "two_factor_disabled" | "passkey_added" | "passkey_removed",
  passkey?: { id: string; name: string },
): Promise<void> {
  await revokeUserSessions(tx, viewer.user.id, viewer.sessionId);
  await recordAudit(tx, {
    accountId: viewer.account.id,
    actor: `user:${viewer.user.id}`,
    action: `user.${change}`,
    targetType: passkey ? "passkey" : "user",
    targetId: passkey?.id ?? viewer.user.id,
    data: passkey ? { name: passkey.name } : undefined,
  });
  const member = `${viewer.user.name} <${viewer.user.email}>`;
  await sendSecurityAlert(
    tx,
    viewer.account.id,
    change,
    passkey ? { Member: member, Passkey: passkey.name } : { Member: member },
    viewer.user.email,
  );
}
