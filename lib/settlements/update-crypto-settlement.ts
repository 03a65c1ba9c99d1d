import "server-only";
import { recordAudit } from "@/lib/audit-log/audit";
import { describeActor } from "@/lib/audit-log/describe-actor";
import { validateSettlement } from "@/lib/chain/caip";
import type { DbOrTx } from "@/lib/db";
import { sendSecurityAlert } from "@/lib/email/send-security-alert";
import { AppError, notFound } from "@/lib/errors/errors";
import { recordEvent } from "@/lib/events/record-event";
import { settlementsSnapshot } from "@/lib/events/snapshots";
import type { UpdateCryptoSettlementInput } from "@/lib/schemas/settlement";
import { tenant, type Scope } from "@/lib/tenancy/scope";
import { refuseUnsafeDestinations } from "./destination-safety";
import { getCryptoSettlement } from "./get-crypto-settlement";

/** Points a crypto settlement at another wallet on its asset's chain. */
export async function updateCryptoSettlement(tx: DbOrTx, scope: Scope, actor: string, merchantId: string, settlementId: string, input: UpdateCryptoSettlementInput) {
  const current = await getCryptoSettlement(tx, scope, merchantId, settlementId);
  // The destination parsed at the edge; whether it suits this settlement's asset is known only here.
  const check = validateSettlement(current.asset, input.destination);
  if (!check.ok) throw new AppError("params_validation", `Invalid request body. destination: ${check.error}`, { fields: { destination: check.error } });
  refuseUnsafeDestinations([{ asset: current.asset, destination: input.destination, path: "destination" }]);

  const where = { id: current.id, merchantId, accountId: scope.accountId, mode: scope.mode };
  // Scoped and counted rather than `update({ where: { id } })`: a concurrent delete is a 404, not a crash.
  const { count } = await tx.cryptoSettlement.updateMany({ where, data: { destination: input.destination } });
  const updated = count === 1 ? await tx.cryptoSettlement.findFirst({ where }) : null;
  if (!updated) throw notFound("Crypto settlement");
  await recordAudit(tx, {
    ...tenant(scope),
    actor,
    action: "crypto_settlement.updated",
    targetType: "crypto_settlement",
    targetId: current.id,
    data: { merchantId, asset: current.asset, from: current.destination, to: updated.destination },
  });
  // Test destinations receive no real funds; only a live change is worth an owner's attention.
  if (scope.mode === "live" && current.destination !== updated.destination) {
    await sendSecurityAlert(tx, scope.accountId, "settlement_destination_changed", {
      Merchant: merchantId,
      Asset: current.asset,
      "Old wallet": current.destination,
      "New wallet": updated.destination,
      "Changed by": await describeActor(tx, actor),
    });
  }
  await recordEvent(tx, scope, "settlement.updated", await settlementsSnapshot(tx, scope, merchantId));
  return updated;
}
