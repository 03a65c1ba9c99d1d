import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { notFound } from "@/lib/core/errors/errors";
import { recordSettlementChange } from "./record-settlement-change";
import { getCryptoSettlement } from "./get-crypto-settlement";

/**
 * Removes a crypto settlement; its asset can then be registered again. Payments that chose it keep
 * their own copy of the asset and destination, so the row itself can go.
 */
export async function deleteCryptoSettlement(ctx: CallContext, merchantId: string, settlementId: string) {
  const { tx, scope } = ctx;
  const current = await getCryptoSettlement(tx, scope, merchantId, settlementId);
  const { count } = await tx.cryptoSettlement.deleteMany({
    where: { id: current.id, merchantId, accountId: scope.accountId, mode: scope.mode },
  });
  if (count !== 1) throw notFound("Crypto settlement");
  await recordSettlementChange(ctx, merchantId, [
    {
      action: "crypto_settlement.deleted",
      targetType: "crypto_settlement",
      targetId: current.id,
      data: { asset: current.asset, destination: current.destination },
    },
  ]);
  return { id: current.id, deleted: true as const };
}
