import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { recordAudit, type AuditEntry } from "@/lib/domain/audit-log/audit";
import { describeActor } from "@/lib/domain/audit-log/describe-actor";
import type { DbOrTx, Mode, Prisma } from "@/lib/core/db";
import { sendSecurityAlert, type SecurityAlertKind } from "@/lib/domain/email/send-security-alert";
import { AppError } from "@/lib/core/errors/errors";
import { reauthenticationRequired, requireFreshAuth } from "./fresh-auth";

type Rule = { alert: SecurityAlertKind; modes: readonly Mode[] | "account"; reauthModes?: readonly Mode[] };

/**
 * Changes that redirect money or events, or grant the power to: by audit action, the alert they
 * raise and the modes in which they are sensitive (`"account"`: account-wide, always). Test mode is
 * listed only where it was guarded before (test wallets and events carry no real money);
 * `reauthModes` keeps a test-mode re-authentication that existed without making the change
 * sensitive there in other ways.
 */
export const sensitiveChanges = {
  "crypto_settlement.updated": { alert: "settlement_destination_changed", modes: ["test", "live"] },
  "crypto_settlement.created": { alert: "settlement_destination_changed", modes: ["live"] },
  "fiat_settlement.created": { alert: "settlement_destination_changed", modes: ["live"] },
  "webhook_endpoint.created": { alert: "webhook_endpoint_changed", modes: ["live"] },
  "webhook_endpoint.updated": { alert: "webhook_endpoint_changed", modes: ["live"] },
  "webhook_endpoint.secret_rotated": { alert: "webhook_endpoint_changed", modes: ["live"] },
  "api_key.created": { alert: "live_api_key_created", modes: ["live"] },
  "team.member_invited": { alert: "privileged_member_invited", modes: "account" },
  "team.member_role_changed": { alert: "member_role_changed", modes: "account" },
} as const satisfies Record<string, Rule>;

export type SensitiveAction = keyof typeof sensitiveChanges;

type SensitiveEntry = Omit<AuditEntry, "action" | "actor" | "data" | "alert"> & {
  data?: Record<string, Prisma.InputJsonValue>;
  action: SensitiveAction;
  /** The alert's "label: value" lines; "Changed by" is added. */
  details: Record<string, string>;
};

type ChangeSession = { userId: string; sessionId: string };

// The signed-in session a dashboard action runs for (set by `authorizedAction`). Domain functions
// take only an actor name, and re-authentication belongs to a session, not to a person. On
// globalThis for the same reason as the request context (lib/core/log/request-context.ts).
const key = Symbol.for("tollgate.changeSession");
const sessions: AsyncLocalStorage<ChangeSession> = ((globalThis as Record<symbol, unknown>)[key] ??=
  new AsyncLocalStorage<ChangeSession>()) as AsyncLocalStorage<ChangeSession>;

export function asSession<T>(session: ChangeSession, run: () => T): T {
  return sessions.run(session, run);
}

/**
 * The one rule for a sensitive change, whichever route reaches it, called by the domain function in
 * the change's transaction: a signed-in person must have re-authenticated in this session within
 * the last minutes (an API key cannot, so its changes are listed in the dashboard's banner
 * instead); every owner is mailed (live mode and account-wide changes); the audit entry records
 * which alert it raised. In a mode where the action is not sensitive it is an ordinary audit entry.
 */
export async function recordSensitiveChange(
  tx: DbOrTx,
  actor: string,
  { details, ...entry }: SensitiveEntry,
): Promise<void> {
  const rule: Rule = sensitiveChanges[entry.action];
  await guardSensitiveChange(tx, actor, entry.mode, entry.action);
  if (!applies(rule.modes, entry.mode)) return recordAudit(tx, { ...entry, actor });
  // The alert's lines are kept with the entry, in order (a JSON object's keys are not), for the
  // dashboard's banner of changes made with a key.
  await recordAudit(tx, {
    ...entry,
    actor,
    alert: rule.alert,
    data: { ...entry.data, alertDetails: Object.entries(details) },
  });
  if (rule.modes === "account" || entry.mode === "live") {
    await sendSecurityAlert(tx, entry.accountId, rule.alert, {
      ...details,
      "Changed by": await describeActor(tx, actor),
    });
  }
}

/**
 * The re-authentication part alone, for a domain function to call before it looks at anything (so
 * a stale session learns nothing about the change); `recordSensitiveChange` checks it again.
 * `mode` is null for account-wide changes.
 */
export async function guardSensitiveChange(
  tx: DbOrTx,
  actor: string,
  mode: Mode | null | undefined,
  action: SensitiveAction,
): Promise<void> {
  const rule: Rule = sensitiveChanges[action];
  if (!applies(rule.reauthModes ?? rule.modes, mode)) return;
  const [kind, userId] = actor.split(":", 2);
  if (kind !== "user") return;
  const session = sessions.getStore();
  // A person's change outside a dashboard session (none is known to reach here) is refused, not let through.
  if (!session || session.userId !== userId)
    throw new AppError("reauthentication_required", reauthenticationRequired);
  await requireFreshAuth(session, tx);
}

function applies(modes: Rule["modes"], mode: Mode | null | undefined): boolean {
  return modes === "account" || (mode != null && modes.includes(mode));
}
