import "server-only";
import { recordAudit } from "@/lib/audit";
import type { Tx } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { recordEvent } from "@/lib/events/record-event";
import { settlementsSnapshot } from "@/lib/events/snapshots";
import { tenant, type Scope } from "@/lib/scope";
import { getCryptoSettlement } from "./get-crypto-settlement";

/**
 * Removes a crypto settlement; its asset can then be registered again. Payments that chose it keep
 * their own copy of the asset and destination, so the row itself can go.
 */
export async function deleteCryptoSettlement(tx: Tx, scope: Scope, actor: string, merchantId: string, settlementId: string) {
  const current = await getCryptoSettlement(tx, scope, merchantId, settlementId);
  const { count } = await tx.cryptoSettlement.deleteMany({ where: { id: current.id, merchantId, accountId: scope.accountId, mode: scope.mode } });
  if (count !== 1) throw notFound("Crypto settlement");
  await recordAudit(tx, {
    ...tenant(scope),
    actor,
    action: "crypto_settlement.deleted",
    targetType: "crypto_settlement",
    targetId: current.id,
    data: { merchantId, asset: current.asset, destination: current.destination },
  });
  await recordEvent(tx, scope, "settlement.updated", await settlementsSnapshot(tx, scope, merchantId));
  return { id: current.id, deleted: true as const };
}
