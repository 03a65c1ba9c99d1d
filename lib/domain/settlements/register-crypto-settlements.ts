import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { Prisma, type CryptoSettlement, type DbOrTx } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { newId } from "@/lib/core/ids/ids";
import { getMerchant } from "@/lib/domain/merchants/get-merchant";
import type { RegisterCryptoSettlementsInput } from "@/lib/domain/schemas/settlement";
import { tenant, type Scope } from "@/lib/core/tenancy/scope";
import { recordSettlementChange } from "./record-settlement-change";
import {
  destinationWarnings,
  refuseUnsafeDestinations,
  requireConfirmedWarnings,
  type DestinationWarning,
} from "./destination-safety";

/**
 * Registers a merchant's crypto settlements, all or none, and returns them in request order.
 * Assets arrive canonical (see the schema), so the same asset in another letter case is the same
 * asset. One the merchant already has, or one sent twice, is a `settlement_asset_conflict`. A
 * destination that would lose the money is refused; warnings need `confirmWarnings` (the API
 * confirms them by calling, and answers them).
 */
export async function registerCryptoSettlements(
  ctx: CallContext,
  merchantId: string,
  input: RegisterCryptoSettlementsInput,
  options: { confirmWarnings: boolean },
): Promise<{ rows: CryptoSettlement[]; warnings: DestinationWarning[] }> {
  const { tx, scope } = ctx;
  await getMerchant(tx, scope, merchantId);
  const entries = input.settlements.map((s, i) => ({ ...s, path: `settlements.${i}.destination` }));
  refuseUnsafeDestinations(entries);
  const warnings = destinationWarnings(scope.mode, entries);
  requireConfirmedWarnings(warnings, options.confirmWarnings);
  const assets = input.settlements.map((s) => s.asset);

  const repeated = [...new Set(assets.filter((asset, i) => assets.indexOf(asset) !== i))];
  if (repeated.length > 0) throw conflict(repeated, "sent more than once in this request");

  const current = await tx.cryptoSettlement.findMany({
    where: { merchantId, accountId: scope.accountId, mode: scope.mode },
    select: { asset: true, destination: true },
  });
  const existing = current.filter((c) => assets.includes(c.asset));
  if (existing.length > 0)
    throw conflict(existing.map((e) => e.asset).sort(), "already registered for this merchant");
  const deleted = await recentlyDeletedDestinations(tx, scope, merchantId);

  // Inserted one by one in asset order: requests racing over overlapping assets then wait on each
  // other instead of deadlocking, and the loser learns which asset it lost.
  const rows: CryptoSettlement[] = [];
  for (const entry of [...input.settlements].sort((a, b) => (a.asset < b.asset ? -1 : 1))) {
    try {
      rows.push(
        await tx.cryptoSettlement.create({
          data: {
            id: newId("crypto"),
            ...tenant(scope),
            merchantId,
            asset: entry.asset,
            destination: entry.destination,
          },
        }),
      );
    } catch (error) {
      // A concurrent request committed this asset after the check above. In PostgreSQL the failed
      // statement has aborted this transaction, so the way on is out: the AppError rolls it back.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
        throw conflict([entry.asset], "already registered for this merchant");
      throw error;
    }
  }

  const position = new Map(assets.map((asset, i) => [asset, i]));
  rows.sort((a, b) => (position.get(a.asset) ?? 0) - (position.get(b.asset) ?? 0));
  await recordSettlementChange(
    ctx,
    merchantId,
    rows.map((row) => ({
      action: "crypto_settlement.created" as const,
      targetType: "crypto_settlement" as const,
      targetId: row.id,
      data: { asset: row.asset, destination: row.destination },
      destinationChange: isNewDestination(row, current, deleted)
        ? {
            Asset: row.asset,
            "Old wallet": deleted.get(row.asset) ?? "none (a new settlement)",
            "New wallet": row.destination,
          }
        : undefined,
    })),
  );
  return { rows, warnings };
}

/**
 * A registration points buyers' money at a new wallet, as changing a destination does, unless the
 * merchant's settlements already pay that wallet, or it restores the wallet this asset had until
 * it was deleted in the last 7 days. So deleting a settlement and registering its asset again
 * elsewhere is a destination change, and so is a new asset paying a wallet the merchant never used:
 * buyers who choose it pay that wallet.
 */
function isNewDestination(
  row: { asset: string; destination: string },
  current: { destination: string }[],
  deleted: Map<string, string>,
): boolean {
  return (
    !current.some((c) => c.destination === row.destination) && deleted.get(row.asset) !== row.destination
  );
}

const recentDeletionMs = 7 * 24 * 60 * 60 * 1000;

/** Each asset's destination when it was last deleted from this merchant, in the last 7 days. */
async function recentlyDeletedDestinations(
  tx: DbOrTx,
  scope: Scope,
  merchantId: string,
): Promise<Map<string, string>> {
  const rows = await tx.auditLog.findMany({
    where: {
      ...tenant(scope),
      action: "crypto_settlement.deleted",
      data: { path: ["merchantId"], equals: merchantId },
      createdAt: { gte: new Date(Date.now() - recentDeletionMs) },
    },
    orderBy: { createdAt: "asc" },
    select: { data: true },
  });
  const byAsset = new Map<string, string>();
  for (const { data } of rows) {
    const { asset, destination } = data as { asset?: string; destination?: string };
    if (asset && destination) byAsset.set(asset, destination);
  }
  return byAsset;
}

function conflict(assets: string[], reason: string) {
  return new AppError(
    "settlement_asset_conflict",
    `Asset ${reason}: ${assets.join(", ")}. Nothing was registered.`,
    { assets },
  );
}
