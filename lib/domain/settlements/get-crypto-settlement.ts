import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { notFound } from "@/lib/core/errors/errors";
import { isId } from "@/lib/core/ids/ids";
import { getMerchant } from "@/lib/domain/merchants/get-merchant";
import type { Scope } from "@/lib/core/tenancy/scope";

/** A crypto settlement of a live merchant of this account and mode, or 404. */
export async function getCryptoSettlement(q: DbOrTx, scope: Scope, merchantId: string, settlementId: string) {
  await getMerchant(q, scope, merchantId);
  const settlement = isId("crypto", settlementId)
    ? await q.cryptoSettlement.findFirst({
        where: { id: settlementId, merchantId, accountId: scope.accountId, mode: scope.mode },
      })
    : null;
  if (!settlement) throw notFound("Crypto settlement");
  return settlement;
}
