import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import type { Scope } from "@/lib/core/tenancy/scope";

/** How many settlement destinations (fiat and crypto together) each of these merchants has. */
export async function countSettlements(
  q: DbOrTx,
  scope: Scope,
  merchantIds: string[],
): Promise<Map<string, number>> {
  const where = { accountId: scope.accountId, mode: scope.mode, merchantId: { in: merchantIds } };
  const [fiat, crypto] = await Promise.all([
    q.fiatSettlement.groupBy({ by: ["merchantId"], where, _count: { _all: true } }),
    q.cryptoSettlement.groupBy({ by: ["merchantId"], where, _count: { _all: true } }),
  ]);
  const counts = new Map(merchantIds.map((id) => [id, 0]));
  for (const row of [...fiat, ...crypto])
    counts.set(row.merchantId, (counts.get(row.merchantId) ?? 0) + row._count._all);
  return counts;
}
