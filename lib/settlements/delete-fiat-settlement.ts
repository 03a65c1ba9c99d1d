import "server-only";
import { recordAudit } from "@/lib/audit";
import type { Tx } from "@/lib/db";
import { recordEvent } from "@/lib/events/record-event";
import { settlementsSnapshot } from "@/lib/events/snapshots";
import { notFound } from "@/lib/errors";
import { isId } from "@/lib/ids";
import { getMerchant } from "@/lib/merchants/get-merchant";
import { tenant, type Scope } from "@/lib/scope";

/** Removes a merchant's bank destination; 404 for one outside this account and mode. */
export async function deleteFiatSettlement(tx: Tx, scope: Scope, actor: string, merchantId: string, settlementId: string) {
  await getMerchant(tx, scope, merchantId);
  const where = { id: settlementId, merchantId, accountId: scope.accountId, mode: scope.mode };
  const current = isId("fiat", settlementId) ? await tx.fiatSettlement.findFirst({ where }) : null;
  if (!current) throw notFound("Fiat settlement");
  const { count } = await tx.fiatSettlement.deleteMany({ where });
  if (count !== 1) throw notFound("Fiat settlement");
  await recordAudit(tx, {
    ...tenant(scope),
    actor,
    action: "fiat_settlement.deleted",
    targetType: "fiat_settlement",
    targetId: current.id,
    data: { merchantId, routingNumber: current.routingNumber, accountNumberLast4: current.accountNumberLast4 },
  });
  await recordEvent(tx, scope, "settlement.updated", await settlementsSnapshot(tx, scope, merchantId));
  return { id: current.id, deleted: true as const };
}
