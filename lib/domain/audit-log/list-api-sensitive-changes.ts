import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { securityAlertKinds, type SecurityAlertKind } from "@/lib/domain/email/templates/security-alert";
import { tenant, type Scope } from "@/lib/core/tenancy/scope";
import { nameActors } from "./list-audit-log";
import { caipInWords } from "@/lib/core/money/caip-in-words";

const alertForMs = 7 * 24 * 60 * 60 * 1000;

/**
 * Sensitive changes (lib/domain/auth/sensitive-change.ts) made with an API key in the last 7 days. A key
 * makes them without the re-authentication the dashboard asks for, so owners and admins are shown each one,
 * until they dismiss it (`userId`'s dismissals are left out; a change made after one shows again).
 */
export async function listApiSensitiveChanges(q: DbOrTx, scope: Scope, userId?: string) {
  const seen = userId ? await dismissedUpTo(q, scope, userId) : null;
  const since = new Date(Date.now() - alertForMs);
  const rows = await q.auditLog.findMany({
    where: {
      ...tenant(scope),
      alert: { not: null },
      actor: { startsWith: "api_key:" },
      createdAt: seen && seen > since ? { gt: seen } : { gte: since },
    },
    orderBy: { createdAt: "desc" },
    take: 10,
  });
  const actors = await nameActors(
    q,
    scope.accountId,
    rows.map((r) => r.actor),
  );
  const dataOf = (row: (typeof rows)[number]) =>
    row.data as { merchantId?: string; alertDetails?: [string, string][] };
  const merchantIds = [...new Set(rows.flatMap((row) => dataOf(row).merchantId ?? []))];
  const merchants = new Map(
    (
      await q.merchant.findMany({
        where: { ...tenant(scope), id: { in: merchantIds } },
        select: { id: true, name: true },
      })
    ).map((m) => [m.id, m.name]),
  );
  return rows.map((row) => {
    const data = dataOf(row);
    const kind = securityAlertKinds[row.alert as SecurityAlertKind];
    return {
      id: row.id,
      createdAt: row.createdAt,
      action: row.action,
      actor: actors.get(row.actor)?.label ?? "A revoked API key",
      what: kind?.subject ?? row.action,
      merchantId: data.merchantId,
      merchantName: data.merchantId ? (merchants.get(data.merchantId) ?? null) : null,
      // In words (a token's symbol and network, a short wallet); the raw id kept for a copy button.
      // The merchant is named by the line itself, and an endpoint by its URL.
      details: (data.alertDetails ?? []).flatMap(([label, value]) =>
        label === "Merchant" || label === "Endpoint"
          ? []
          : [{ label, text: caipInWords(value) ?? value, raw: caipInWords(value) ? value : null }],
      ),
    };
  });
}

/** Where a membership keeps, per mode, the newest change its person dismissed from the banner. */
export const seenColumn = { test: "apiChangesSeenTestAt", live: "apiChangesSeenLiveAt" } as const;

async function dismissedUpTo(q: DbOrTx, scope: Scope, userId: string): Promise<Date | null> {
  const membership = await q.membership.findUnique({
    where: { accountId_userId: { accountId: scope.accountId, userId } },
    select: { [seenColumn[scope.mode]]: true },
  });
  return (membership?.[seenColumn[scope.mode]] as Date | null | undefined) ?? null;
}
