import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { notFound } from "@/lib/core/errors/errors";
import { isId } from "@/lib/core/ids/ids";
import type { Scope } from "@/lib/core/tenancy/scope";

/** A payment link of this account and mode, or 404. */
export async function getPaymentLink(q: DbOrTx, scope: Scope, linkId: string) {
  const link = isId("plink", linkId)
    ? await q.paymentLink.findFirst({ where: { id: linkId, accountId: scope.accountId, mode: scope.mode } })
    : null;
  if (!link) throw notFound("Payment link");
  return link;
}
