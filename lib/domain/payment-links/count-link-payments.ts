import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import type { Scope } from "@/lib/core/tenancy/scope";

/** How many payments each of these links has minted. */
export async function countLinkPayments(
  q: DbOrTx,
  scope: Scope,
  linkIds: string[],
): Promise<Map<string, number>> {
  if (linkIds.length === 0) return new Map();
  const rows = await q.payment.groupBy({
    by: ["paymentLinkId"],
    where: { accountId: scope.accountId, mode: scope.mode, paymentLinkId: { in: linkIds } },
    _count: { _all: true },
  });
  return new Map(rows.map((r) => [r.paymentLinkId!, r._count._all]));
}
