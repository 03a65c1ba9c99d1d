import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { getMerchant } from "@/lib/domain/merchants/get-merchant";
import type { Scope } from "@/lib/core/tenancy/scope";
import { serializeCryptoSettlement, serializeFiatSettlement } from "./serialize";

/** A merchant's fiat and crypto settlement destinations, oldest first; 404 for a merchant outside this scope. */
export async function listSettlements(q: DbOrTx, scope: Scope, merchantId: string) {
  await getMerchant(q, scope, merchantId);
  const where = { merchantId, accountId: scope.accountId, mode: scope.mode };
  const [fiat, crypto] = await Promise.all([
    q.fiatSettlement.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    // One registration shares one createdAt, so the asset breaks the tie to keep the order stable.
    q.cryptoSettlement.findMany({ where, orderBy: [{ createdAt: "asc" }, { asset: "asc" }] }),
  ]);
  return { fiat: fiat.map(serializeFiatSettlement), crypto: crypto.map(serializeCryptoSettlement) };
}
