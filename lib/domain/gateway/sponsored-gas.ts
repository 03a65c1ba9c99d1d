import "server-only";
import { formatEther } from "viem";
import { env, relayerKeyEnv } from "@/lib/core/config/env";
import { db } from "@/lib/core/db";
import { networkName } from "@/lib/core/money/assets";
import type { Scope } from "@/lib/core/tenancy/scope";
import { gasSpentToday } from "./sponsorship";

export type SponsoredGas = {
  chainId: string;
  chainName: string;
  relays: number;
  gasUsed: string;
  costEth: string;
  todayGas: string;
  budgetGas: string;
  budgetReached: boolean;
};

/**
 * The gas the relayer spent on the account's payments in this mode, per chain (receipts' gasUsed and
 * gasUsed × effectiveGasPrice), with today's use against the daily budget; reached when the next
 * relay at the default gas limit would not fit.
 */
export async function sponsoredGasSummary(scope: Scope): Promise<SponsoredGas[]> {
  const totals = await db().relayerSubmission.groupBy({
    by: ["chainId"],
    where: { accountId: scope.accountId, mode: scope.mode, gasUsed: { not: null } },
    _sum: { gasUsed: true, gasCostWei: true },
    _count: { _all: true },
  });
  // Deposit addresses' deployments and sweeps count as the relayer's gas for the account, like relays.
  const sweeps = await db().depositSweep.groupBy({
    by: ["chainId"],
    where: { accountId: scope.accountId, mode: scope.mode, gasUsed: { not: null } },
    _sum: { gasUsed: true, gasCostWei: true },
  });
  const chainIds = [...new Set([...Object.keys(relayerKeyEnv), ...totals.map((t) => t.chainId)])].sort();
  const budget = BigInt(env.SPONSOR_DAILY_GAS_PER_ACCOUNT);
  return Promise.all(
    chainIds.map(async (chainId) => {
      const total = totals.find((t) => t.chainId === chainId);
      const swept = sweeps.find((t) => t.chainId === chainId)?._sum;
      const today = scope.mode === "live" ? await gasSpentToday(scope.accountId, chainId) : 0n;
      return {
        chainId,
        chainName: networkName(chainId),
        relays: total?._count._all ?? 0,
        gasUsed: String((total?._sum.gasUsed ?? 0) + (swept?.gasUsed ?? 0)),
        costEth: formatEther(
          BigInt(total?._sum.gasCostWei?.toFixed() ?? "0") + BigInt(swept?.gasCostWei?.toFixed() ?? "0"),
        ),
        todayGas: today.toString(),
        budgetGas: budget.toString(),
        budgetReached: today + BigInt(env.SPONSOR_GAS_LIMIT) > budget,
      };
    }),
  );
}
