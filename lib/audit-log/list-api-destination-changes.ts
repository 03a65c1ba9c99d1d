import "server-only";
import type { DbOrTx } from "@/lib/db";
import { tenant, type Scope } from "@/lib/tenancy/scope";
import { nameActors } from "./list-audit-log";

const alertForMs = 7 * 24 * 60 * 60 * 1000;

/**
 * Settlement destinations changed with an API key in the last 7 days. A key changes them without
 * the password the dashboard asks for, so owners and admins are shown each one.
 */
export async function listApiDestinationChanges(q: DbOrTx, scope: Scope) {
  const rows = await q.auditLog.findMany({
    where: { ...tenant(scope), action: "crypto_settlement.updated", actor: { startsWith: "api_key:" }, createdAt: { gte: new Date(Date.now() - alertForMs) } },
    orderBy: { createdAt: "desc" },
    take: 10,
  });
  const actors = await nameActors(q, scope.accountId, rows.map((r) => r.actor));
  return rows.map((row) => {
    const data = row.data as { merchantId?: string; asset?: string; from?: string; to?: string };
    return { id: row.id, createdAt: row.createdAt, actor: actors.get(row.actor)?.label ?? "A revoked API key", merchantId: data.merchantId, asset: data.asset, from: data.from, to: data.to };
  });
}
