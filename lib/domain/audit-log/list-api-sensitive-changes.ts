import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { securityAlertKinds, type SecurityAlertKind } from "@/lib/domain/email/templates/security-alert";
import { tenant, type Scope } from "@/lib/core/tenancy/scope";
import { nameActors } from "./list-audit-log";

const alertForMs = 7 * 24 * 60 * 60 * 1000;

/**
 * Sensitive changes (lib/domain/auth/sensitive-change.ts) made with an API key in the last 7 days. A key
 * makes them without the re-authentication the dashboard asks for, so owners and admins are shown each one.
 */
export async function listApiSensitiveChanges(q: DbOrTx, scope: Scope) {
  const rows = await q.auditLog.findMany({
    where: {
      ...tenant(scope),
      alert: { not: null },
      actor: { startsWith: "api_key:" },
      createdAt: { gte: new Date(Date.now() - alertForMs) },
    },
    orderBy: { createdAt: "desc" },
    take: 10,
  });
  const actors = await nameActors(
    q,
    scope.accountId,
    rows.map((r) => r.actor),
  );
  return rows.map((row) => {
    const data = row.data as { merchantId?: string; alertDetails?: [string, string][] };
    const kind = securityAlertKinds[row.alert as SecurityAlertKind];
    return {
      id: row.id,
      createdAt: row.createdAt,
      action: row.action,
      actor: actors.get(row.actor)?.label ?? "A revoked API key",
      what: kind?.subject ?? row.action,
      merchantId: data.merchantId,
      details: data.alertDetails ?? [],
    };
  });
}
