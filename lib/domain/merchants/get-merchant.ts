import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { notFound } from "@/lib/core/errors/errors";
import { isId } from "@/lib/core/ids/ids";
import type { Scope } from "@/lib/core/tenancy/scope";

/** A live (not deleted) merchant of this account and mode, or 404. */
export async function getMerchant(q: DbOrTx, scope: Scope, merchantId: string) {
  const merchant = isId("mrch", merchantId)
    ? await q.merchant.findFirst({
        where: { id: merchantId, accountId: scope.accountId, mode: scope.mode, deletedAt: null },
      })
    : null;
  if (!merchant) throw notFound("Merchant");
  return merchant;
}
