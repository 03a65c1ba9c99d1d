import "server-only";
import { Prisma, type CryptoSettlement, type DbOrTx } from "@/lib/db";
import { AppError } from "@/lib/errors/errors";
import { newId } from "@/lib/db/ids";
import { getMerchant } from "@/lib/merchants/get-merchant";
import type { RegisterCryptoSettlementsInput } from "@/lib/schemas/settlement";
import { tenant, type Scope } from "@/lib/tenancy/scope";
import { recordSettlementChange } from "./record-settlement-change";
import { destinationWarnings, refuseUnsafeDestinations, requireConfirmedWarnings, type DestinationWarning } from "./destination-safety";

/**
 * Registers a merchant's crypto settlements, all or none, and returns them in request order.
 * Assets arrive canonical (see the schema), so the same asset in another letter case is the same
 * asset. One the merchant already has, or one sent twice, is a `settlement_asset_conflict`. A
 * destination that would lose the money is refused; warnings need `confirmWarnings` (the API
 * confirms them by calling, and answers them).
 */
export async function registerCryptoSettlements(tx: DbOrTx, scope: Scope, actor: string, merchantId: string, input: RegisterCryptoSettlementsInput, options: { confirmWarnings: boolean }): Promise<{ rows: CryptoSettlement[]; warnings: DestinationWarning[] }> {
  await getMerchant(tx, scope, merchantId);
  const entries = input.settlements.map((s, i) => ({ ...s, path: `settlements.${i}.destination` }));
  refuseUnsafeDestinations(entries);
  const warnings = destinationWarnings(scope.mode, entries);
  requireConfirmedWarnings(warnings, options.confirmWarnings);
  const assets = input.settlements.map((s) => s.asset);

  const repeated = [...new Set(assets.filter((asset, i) => assets.indexOf(asset) !== i))];
  if (repeated.length > 0) throw conflict(repeated, "sent more than once in this request");

  const existing = await tx.cryptoSettlement.findMany({ where: { merchantId, accountId: scope.accountId, mode: scope.mode, asset: { in: assets } }, select: { asset: true } });
  if (existing.length > 0) throw conflict(existing.map((e) => e.asset).sort(), "already registered for this merchant");

  // Inserted one by one in asset order: requests racing over overlapping assets then wait on each
  // other instead of deadlocking, and the loser learns which asset it lost.
  const rows: CryptoSettlement[] = [];
  for (const entry of [...input.settlements].sort((a, b) => (a.asset < b.asset ? -1 : 1))) {
    try {
      rows.push(await tx.cryptoSettlement.create({ data: { id: newId("crypto"), ...tenant(scope), merchantId, asset: entry.asset, destination: entry.destination } }));
    } catch (error) {
      // A concurrent request committed this asset after the check above. In PostgreSQL the failed
      // statement has aborted this transaction, so the way on is out: the AppError rolls it back.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw conflict([entry.asset], "already registered for this merchant");
      throw error;
    }
  }

  const position = new Map(assets.map((asset, i) => [asset, i]));
  rows.sort((a, b) => (position.get(a.asset) ?? 0) - (position.get(b.asset) ?? 0));
  await recordSettlementChange(
    tx,
    scope,
    actor,
    merchantId,
    rows.map((row) => ({ action: "crypto_settlement.created", targetType: "crypto_settlement", targetId: row.id, data: { asset: row.asset, destination: row.destination } })),
  );
  return { rows, warnings };
}

function conflict(assets: string[], reason: string) {
  return new AppError("settlement_asset_conflict", `Asset ${reason}: ${assets.join(", ")}. Nothing was registered.`, { assets });
}
