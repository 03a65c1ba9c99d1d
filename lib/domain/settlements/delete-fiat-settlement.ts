import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { notFound } from "@/lib/core/errors/errors";
import { isId } from "@/lib/core/ids/ids";
import { getMerchant } from "@/lib/domain/merchants/get-merchant";
import { recordSettlementChange } from "./record-settlement-change";

/** Removes a merchant's bank destination; 404 for one outside this account and mode. */
export async function deleteFiatSettlement(ctx: CallContext, merchantId: string, settlementId: string) {
  const { tx, scope } = ctx;
  await getMerchant(tx, scope, merchantId);
  const where = { id: settlementId, merchantId, accountId: scope.accountId, mode: scope.mode };
  const current = isId("fiat", settlementId) ? await tx.fiatSettlement.findFirst({ where }) : null;
  if (!current) throw notFound("Fiat settlement");
  const { count } = await tx.fiatSettlement.deleteMany({ where });
  if (count !== 1) throw notFound("Fiat settlement");
  await recordSettlementChange(ctx, merchantId, [
    {
      action: "fiat_settlement.deleted",
      targetType: "fiat_settlement",
      targetId: current.id,
      data: { routingNumber: current.routingNumber, accountNumberLast4: current.accountNumberLast4 },
    },
  ]);
  return { id: current.id, deleted: true as const };
}
