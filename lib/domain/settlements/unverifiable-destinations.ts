import "server-only";
import { chainIdOf, configuredChains, getChain } from "@/lib/core/chain/chains";
import type { DbOrTx, Mode } from "@/lib/core/db";
import { networkName } from "@/lib/core/money/assets";
import type { Scope } from "@/lib/core/tenancy/scope";

/**
 * Why buyers are not offered a destination this install cannot verify (a live one on a chain with
 * no RPC configured), or null when they are. Test mode verifies no chain, so it is never refused there.
 */
export function unverifiableReason(mode: Mode, asset: string): string | null {
  const chainId = chainIdOf(asset);
  if (mode !== "live" || getChain(chainId)) return null;
  return `This Tollgate cannot verify payments on ${networkName(chainId)} (no RPC is configured for it), so buyers are not offered this destination. Ask your operator to configure ${networkName(chainId)}, or add a destination on another network.`;
}

export type UnpayableMerchant = {
  id: string;
  name: string;
  /** The assets (CAIP-19) of the destinations buyers are not offered. */
  unverifiable: string[];
};

/**
 * The merchants of this scope with a destination buyers cannot pay, until it is fixed or removed:
 * the most recently registered problem first (at most `limit` merchants), and how many merchants
 * have one in all. Only destinations off the configured chains are read.
 */
export async function listUnpayableMerchants(
  q: DbOrTx,
  scope: Scope,
  limit = 20,
): Promise<{ merchants: UnpayableMerchant[]; total: number }> {
  if (scope.mode !== "live") return { merchants: [], total: 0 };
  const settlements = await q.cryptoSettlement.findMany({
    where: {
      accountId: scope.accountId,
      mode: scope.mode,
      merchant: { deletedAt: null },
      NOT: configuredChains().map((chain) => ({ asset: { startsWith: `${chain.id}/` } })),
    },
    select: { asset: true, merchant: { select: { id: true, name: true } } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: 500,
  });
  const byMerchant = new Map<string, UnpayableMerchant>();
  for (const { asset, merchant } of settlements) {
    if (!unverifiableReason(scope.mode, asset)) continue;
    const entry = byMerchant.get(merchant.id) ?? { ...merchant, unverifiable: [] };
    entry.unverifiable.push(asset);
    byMerchant.set(merchant.id, entry);
  }
  return { merchants: [...byMerchant.values()].slice(0, limit), total: byMerchant.size };
}
