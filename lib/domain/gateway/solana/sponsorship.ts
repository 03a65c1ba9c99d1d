import "server-only";
import { z } from "zod";
import { parseAssetId } from "@/lib/core/caip/caip";
import { getSolanaCluster, solanaRpc, type SolanaCluster } from "@/lib/core/chain/solana/clusters";
import { associatedTokenAccount } from "@/lib/domain/chain/solana/payment-transaction";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { withLease } from "../relayer-lease";
import { knownAssets } from "@/lib/core/money/assets";
import { address } from "@solana/kit";

// The sponsorship policy on Solana: the relayer is the fee payer, so it pays each payment's fee and,
// when the merchant has no token account for the mint yet, that account's rent. It pays only for
// allow-listed assets (the registry's stablecoins of the cluster, SOL, and
// SPONSORED_TOKENS_SOLANA_<reference>), never a payment to oneself, and within each account's daily
// lamport budget (SPONSOR_DAILY_LAMPORTS_PER_ACCOUNT, fees and rent together).

export const signaturesPerPayment = 2n;
export const lamportsPerSignature = 5_000n;
const tokenAccountSpace = 165n;

const dailyLamports = z.coerce
  .bigint()
  .min(0n)
  .default(500_000_000n)
  .parse(process.env.SPONSOR_DAILY_LAMPORTS_PER_ACCOUNT || undefined);

export type SolanaCandidate = {
  accountId: string;
  asset: string;
  payer: string;
  destination: string;
};

const refused = (reason: string, message: string) =>
  new AppError("gas_sponsorship_refused", message, { reason });

/** Whether the relayer pays fees for this asset on its cluster. */
export function isSponsoredAsset(cluster: SolanaCluster, asset: string): boolean {
  const parsed = parseAssetId(asset);
  if (!parsed.ok) return false;
  if (parsed.value.assetNamespace === "slip44") return true;
  return (
    knownAssets.some((a) => a.id === asset && a.chainId === cluster.id) ||
    cluster.sponsoredMints.includes(parsed.value.assetReference)
  );
}

/** What sponsoring this payment costs the relayer, in lamports: the fee, and the rent of a token account it creates. */
export async function sponsoredCost(
  cluster: SolanaCluster,
  asset: string,
  destination: string,
): Promise<bigint> {
  const fee = signaturesPerPayment * lamportsPerSignature;
  const parsed = parseAssetId(asset);
  if (!parsed.ok || parsed.value.assetNamespace !== "token") return fee;
  const rpc = solanaRpc(cluster);
  const ata = await associatedTokenAccount(destination, parsed.value.assetReference);
  const { value: existing } = await rpc.getAccountInfo(address(ata), { encoding: "base64" }).send();
  if (existing) return fee;
  return fee + BigInt(await rpc.getMinimumBalanceForRentExemption(tokenAccountSpace).send());
}

/** Lamports the account's sponsored Solana payments on this cluster used today (UTC), sent or in flight. */
async function spentToday(accountId: string, chainId: string): Promise<bigint> {
  const midnight = new Date();
  midnight.setUTCHours(0, 0, 0, 0);
  const rows = await db().relayerSubmission.aggregate({
    where: { accountId, chainId, createdAt: { gte: midnight }, status: { not: "failed" } },
    _sum: { feeLamports: true },
  });
  return BigInt(rows._sum.feeLamports?.toFixed() ?? "0");
}

/**
 * Refuses (throws) unless the relayer may pay this payment's fee and rent: an allow-listed asset, a
 * payer who is not the destination, and `cost` within the account's budget for today.
 */
export async function assertSolanaSponsorable(candidate: SolanaCandidate, cost: bigint): Promise<void> {
  const chainId = candidate.asset.split("/")[0]!;
  const cluster = getSolanaCluster(chainId);
  if (!cluster || !isSponsoredAsset(cluster, candidate.asset))
    throw refused(
      "token_not_sponsored",
      `Tollgate's relayer does not pay fees for ${candidate.asset}: it is not on the allow-list.`,
    );
  if (candidate.payer === candidate.destination)
    throw refused("self_payment", "A payment from the destination wallet to itself is not sponsored.");
  const spent = await spentToday(candidate.accountId, chainId);
  if (spent + cost > dailyLamports) {
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    throw new AppError(
      "sponsorship_budget_exhausted",
      "This account's sponsored Solana fees for today are used up; try again after 00:00 UTC.",
      { retryAfterSeconds: Math.max(1, Math.ceil((midnight.getTime() - Date.now()) / 1000)) },
    );
  }
}

/** The policy's refusal as options see it (null when the payment would be sponsored). */
export async function solanaSponsorshipRefusal(candidate: SolanaCandidate): Promise<AppError | null> {
  const cluster = getSolanaCluster(candidate.asset.split("/")[0]!);
  if (!cluster) return refused("token_not_sponsored", "No Solana RPC is configured for this cluster.");
  try {
    await assertSolanaSponsorable(
      candidate,
      await sponsoredCost(cluster, candidate.asset, candidate.destination),
    );
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

/**
 * Checks the policy and reserves `cost` lamports against the account's budget (the submission's
 * `feeLamports`) under the relayer's lease, so that two instances relaying at once cannot both
 * spend the last of the budget: the second reads the first's reservation.
 */
export async function reserveSolanaSponsorship(
  submissionId: string,
  relayer: string,
  candidate: SolanaCandidate,
  cost: bigint,
): Promise<void> {
  await withLease({ id: candidate.asset.split("/")[0]! }, relayer, async () => {
    await assertSolanaSponsorable(candidate, cost);
    await db().relayerSubmission.update({
      where: { id: submissionId },
      data: { relayer, feeLamports: cost.toString() },
    });
  });
}
