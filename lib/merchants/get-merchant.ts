import "server-only";
import type { Tx } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { isId } from "@/lib/ids";
import type { Scope } from "@/lib/scope";

/** A live (not deleted) merchant of this account and mode, or 404. */
export async function getMerchant(q: Tx, scope: Scope, merchantId: string) {
  const merchant = isId("mrch", merchantId)
    ? await q.merchant.findFirst({ where: { id: merchantId, accountId: scope.accountId, mode: scope.mode, deletedAt: null } })
    : null;
  if (!merchant) throw notFound("Merchant");
  return merchant;
}
