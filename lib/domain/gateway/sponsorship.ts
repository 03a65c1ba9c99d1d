import "server-only";
import { encodeFunctionData, isAddressEqual, type Address, type Hex } from "viem";
import { assetInfo } from "@/lib/core/chain/asset-info";
import { chainIdOf, getChain, type Chain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import { env } from "@/lib/core/config/env";
import { db } from "@/lib/core/db";
import { isChainUnavailable, relayerUnavailable, shortReason } from "@/lib/core/errors/chain-errors";
import { AppError } from "@/lib/core/errors/errors";
import { eip3009Abi, transferWithAuthorizationArgs, type Authorization } from "./eip3009";
import { domainMatches, minimumSponsored, sponsoredToken, type SponsoredToken } from "./sponsored-tokens";

// The gas sponsorship policy. Every relay passes assertSponsorable right before it is broadcast;
// options offer a gasless payment only where sponsorshipRefusal finds nothing to refuse.

export type Relay = {
  accountId: string;
  asset: string;
  authorization: Authorization;
  signature: Hex;
  relayer: Address;
  submissionId?: string;
};
export type SponsoredCall = { to: Address; data: Hex; gas: bigint };
export type Candidate = { accountId: string; asset: string; from: Address; to: Address; value: bigint };
/** Where a token's allow-list entry is found: EIP-3009 tokens, or (lib/domain/gateway/collector) tokens paid through the collector. */
export type TokenLookup = (asset: string) => SponsoredToken | null;

const refused = (reason: string, message: string) =>
  new AppError("gas_sponsorship_refused", message, { reason });

/**
 * Refuses (throws) unless the relayer may pay gas for this authorization: an allow-listed token
 * whose EIP-712 domain is the listed one, a payer who is not the destination, an amount worth
 * sponsoring, an estimate within the token's gas limit and the account's daily budget, and an
 * `eth_call` of exactly that transaction that succeeds. Returns the call to broadcast, with its
 * gas limit. Call it where the relay is serialised (the chain's lease), so budgets hold.
 */
export async function assertSponsorable(relay: Relay): Promise<SponsoredCall> {
  const { authorization: auth } = relay;
  const candidate = {
    accountId: relay.accountId,
    asset: relay.asset,
    from: auth.from,
    to: auth.to,
    value: auth.value,
  };
  const token = await rulesAllow(candidate, "later");
  const chain = getChain(token.chainId);
  if (!chain) throw relayerUnavailable(`No RPC is configured for ${token.chainId}.`);
  if (!(await domainMatches(chain, token)))
    throw refused(
      "domain_mismatch",
      "The token's EIP-712 domain is not the one its allow-list entry names, so the relayer does not sponsor it.",
    );
  const data = encodeFunctionData({
    abi: eip3009Abi,
    functionName: "transferWithAuthorization",
    args: transferWithAuthorizationArgs(auth, relay.signature),
  });
  return simulateWithinPolicy(
    candidate,
    token,
    chain,
    { account: relay.relayer, to: token.address, data },
    {
      submissionId: relay.submissionId,
    },
  );
}

/**
 * The last checks of any relay, under the chain's lease: the call's gas estimate within the token's
 * limit and the account's daily budget, and an `eth_call` of exactly that transaction that succeeds.
 */
export async function simulateWithinPolicy(
  candidate: Candidate,
  token: SponsoredToken,
  chain: Chain,
  call: { account: Address; to: Address; data: Hex },
  { submissionId, lookup = sponsoredToken }: { submissionId?: string; lookup?: TokenLookup },
): Promise<SponsoredCall> {
  const client = chainClient(chain);
  const estimate = await client.estimateGas(call).catch((error: unknown) => {
    throw simulationRefusal(error);
  });
  if (estimate > token.gasLimit)
    throw refused(
      "gas_limit_exceeded",
      `Relaying this authorization would use ${estimate} gas, more than the ${token.gasLimit} allowed for this token.`,
    );
  await rulesAllow(candidate, estimate, submissionId, lookup);
  await client.call({ ...call, gas: token.gasLimit }).catch((error: unknown) => {
    throw simulationRefusal(error);
  });
  return { to: call.to, data: call.data, gas: token.gasLimit };
}

/** Why the relayer would not sponsor this payment (null: it would, as far as can be told before the buyer signs). */
export async function sponsorshipRefusal(
  candidate: Candidate,
  lookup: TokenLookup = sponsoredToken,
): Promise<AppError | null> {
  return rulesAllow(candidate, "limit", undefined, lookup).then(
    () => null,
    (error: unknown) => {
      if (error instanceof AppError) return error;
      throw error;
    },
  );
}

/** `gas` is what the budget must still hold: an estimate, the token's whole limit (before the buyer signs), or nothing yet. */
export async function rulesAllow(
  candidate: Candidate,
  gas: bigint | "limit" | "later",
  except?: string,
  lookup: TokenLookup = sponsoredToken,
): Promise<SponsoredToken> {
  const token = lookup(candidate.asset);
  if (!token)
    throw refused(
      "token_not_sponsored",
      "The relayer pays gas only for the tokens on the operator's allow-list; this one is not on it.",
    );
  if (isAddressEqual(candidate.from, candidate.to))
    throw refused(
      "self_payment",
      "The payer is the destination: the relayer does not pay gas for a payment to oneself.",
    );
  const chain = getChain(token.chainId);
  if (!chain) throw relayerUnavailable(`No RPC is configured for ${token.chainId}.`);
  const minimum = minimumSponsored(token.chainId, (await assetInfo(chain, candidate.asset)).decimals);
  if (candidate.value < minimum)
    throw refused(
      "below_minimum",
      `Payments under ${minimum} units of this token are too small for the relayer to pay their gas.`,
    );
  if (gas === "later") return token;
  const spent = await gasSpentToday(candidate.accountId, token.chainId, except);
  if (spent + (gas === "limit" ? token.gasLimit : gas) > BigInt(env.SPONSOR_DAILY_GAS_PER_ACCOUNT)) {
    throw new AppError(
      "sponsorship_budget_exhausted",
      `This account's gasless payments used today's sponsored gas on ${chain.name} (${env.SPONSOR_DAILY_GAS_PER_ACCOUNT} gas). Buyers can still pay by sending the transfer themselves.`,
      {
        reason: "daily_budget",
        retryAfterSeconds: secondsToNextUtcDay(),
      },
    );
  }
  return token;
}

export function simulationRefusal(error: unknown): unknown {
  if (isChainUnavailable(error)) return error;
  if (/out of gas|gas required exceeds|exceeds block gas limit/i.test(shortReason(error)))
    return refused(
      "gas_limit_exceeded",
      "Relaying this authorization would use more gas than allowed for this token.",
    );
  // The node's error stays its cause: its revert data says which of a contract's errors it was.
  return Object.assign(
    refused("simulation_failed", `The token would refuse this authorization: ${shortReason(error)}`),
    { cause: error },
  );
}

export function startOfUtcDay(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

function secondsToNextUtcDay(now = new Date()): number {
  return Math.ceil((startOfUtcDay(now).getTime() + 86_400_000 - now.getTime()) / 1000);
}

/** Gas an account's relays on a chain used since the start of the UTC day: receipts read, and the limits of those still in flight. */
export async function gasSpentToday(accountId: string, chainId: string, except?: string): Promise<bigint> {
  const rows = await db().relayerSubmission.findMany({
    where: {
      accountId,
      mode: "live",
      chainId: chainIdOf(chainId),
      createdAt: { gte: startOfUtcDay() },
      status: { in: ["pending", "submitted"] },
      ...(except ? { id: { not: except } } : {}),
    },
    select: { gasUsed: true, gasLimit: true },
  });
  // Deposit addresses' sweeps are the account's gas too (never refused for it: the money is the merchant's).
  const sweeps = await db().depositSweep.aggregate({
    where: { accountId, mode: "live", chainId: chainIdOf(chainId), createdAt: { gte: startOfUtcDay() } },
    _sum: { gasUsed: true },
  });
  return rows.reduce(
    (sum, r) => sum + BigInt(r.gasUsed ?? r.gasLimit ?? 0),
    BigInt(sweeps._sum.gasUsed ?? 0),
  );
}
