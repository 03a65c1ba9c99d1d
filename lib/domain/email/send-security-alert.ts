import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { publicBaseUrl } from "@/lib/core/config/env";
import { enqueueEmail } from "./enqueue-email";
import { securityAlertMessage, type SecurityAlertKind } from "./templates/security-alert";

export type { SecurityAlertKind } from "./templates/security-alert";

/**
 * Mails every owner of the account about a security-relevant change, inside the transaction that
 * makes the change (so there is never a change without its alert, nor an alert without a change).
 * `details` are "label: value" lines, e.g. `{ Merchant: "mrch_…", "New wallet": "0x…" }`.
 * `alsoTo` is the person whose own login changed (a second factor added or removed): they hear of
 * it too, owner or not, since a hijacker adding a factor would lock them out of their own login.
 */
export async function sendSecurityAlert(
  tx: DbOrTx,
  accountId: string,
  kind: SecurityAlertKind,
  details: Record<string, string>,
  alsoTo?: string,
): Promise<void> {
  const account = await tx.account.findUniqueOrThrow({ where: { id: accountId }, select: { name: true } });
  const owners = await tx.membership.findMany({
    where: { accountId, role: "owner" },
    select: { user: { select: { email: true } } },
    orderBy: { createdAt: "asc" },
  });
  const message = securityAlertMessage({
    accountName: account.name,
    kind,
    details,
    link: `${publicBaseUrl()}/live/audit-log`,
  });
  const recipients = new Set([...owners.map((owner) => owner.user.email), ...(alsoTo ? [alsoTo] : [])]);
  for (const email of recipients) await enqueueEmail(tx, email, message, accountId);
}
