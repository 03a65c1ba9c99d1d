import "server-only";
import type { Refund, Tx } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { isId } from "@/lib/ids";
import type { Scope } from "@/lib/scope";

/** A refund of this account and mode, or 404. */
export async function getRefund(q: Tx, scope: Scope, refundId: string): Promise<Refund> {
  const refund = isId("re", refundId) ? await q.refund.findFirst({ where: { id: refundId, accountId: scope.accountId, mode: scope.mode } }) : null;
  if (!refund) throw notFound("Refund");
  return refund;
}
