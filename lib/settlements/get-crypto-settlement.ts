import "server-only";
import type { Tx } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { isId } from "@/lib/ids";
import { getMerchant } from "@/lib/merchants/get-merchant";
import type { Scope } from "@/lib/scope";

/** A crypto settlement of a live merchant of this account and mode, or 404. */
export async function getCryptoSettlement(q: Tx, scope: Scope, merchantId: string, settlementId: string) {
  await getMerchant(q, scope, merchantId);
  const settlement = isId("crypto", settlementId)
    ? await q.cryptoSettlement.findFirst({ where: { id: settlementId, merchantId, accountId: scope.accountId, mode: scope.mode } })
    : null;
  if (!settlement) throw notFound("Crypto settlement");
  return settlement;
}
