import "server-only";
import type { Refund, DbOrTx } from "@/lib/core/db";
import { notFound } from "@/lib/core/errors/errors";
import { isId } from "@/lib/core/ids/ids";
import type { Scope } from "@/lib/core/tenancy/scope";

/** A refund of this account and mode, or 404. */
export async function getRefund(q: DbOrTx, scope: Scope, refundId: string): Promise<Refund> {
  const refund = isId("re", refundId)
    ? await q.refund.findFirst({ where: { id: refundId, accountId: scope.accountId, mode: scope.mode } })
    : null;
  if (!refund) throw notFound("Refund");
  return refund;
}
