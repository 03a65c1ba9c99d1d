import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { guardSensitiveChange } from "@/lib/domain/auth/sensitive-change";
import { validateSettlement } from "@/lib/core/caip/caip";
import { AppError, notFound } from "@/lib/core/errors/errors";
import type { UpdateCryptoSettlementInput } from "@/lib/domain/schemas/settlement";
import { refuseUnsafeDestinations } from "./destination-safety";
import { getCryptoSettlement } from "./get-crypto-settlement";
import { recordSettlementChange } from "./record-settlement-change";

/** Points a crypto settlement at another wallet on its asset's chain. */
export async function updateCryptoSettlement(
  ctx: CallContext,
  merchantId: string,
  settlementId: string,
  input: UpdateCryptoSettlementInput,
) {
  const { tx, scope, actor } = ctx;
  await guardSensitiveChange(tx, actor, scope.mode, "crypto_settlement.updated");
  const current = await getCryptoSettlement(tx, scope, merchantId, settlementId);
  // The destination parsed at the edge; whether it suits this settlement's asset is known only here.
  const check = validateSettlement(current.asset, input.destination);
  if (!check.ok)
    throw new AppError("params_validation", `Invalid request body. destination: ${check.error}`, {
      fields: { destination: check.error },
    });
  refuseUnsafeDestinations([{ asset: current.asset, destination: input.destination, path: "destination" }]);

  const where = { id: current.id, merchantId, accountId: scope.accountId, mode: scope.mode };
  // Scoped and counted rather than `update({ where: { id } })`: a concurrent delete is a 404, not a crash.
  const { count } = await tx.cryptoSettlement.updateMany({ where, data: { destination: input.destination } });
  const updated = count === 1 ? await tx.cryptoSettlement.findFirst({ where }) : null;
  if (!updated) throw notFound("Crypto settlement");
  const moved = current.destination !== updated.destination;
  await recordSettlementChange(ctx, merchantId, [
    {
      action: "crypto_settlement.updated",
      targetType: "crypto_settlement",
      targetId: current.id,
      data: { asset: current.asset, from: current.destination, to: updated.destination },
      destinationChange: moved
        ? { Asset: current.asset, "Old wallet": current.destination, "New wallet": updated.destination }
        : undefined,
    },
  ]);
  return updated;
}
