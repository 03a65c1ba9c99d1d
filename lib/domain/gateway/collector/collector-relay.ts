import "server-only";
import { decodeErrorResult, encodeFunctionData, getAddress, isHex, type Address, type Hex } from "viem";
import { chainIdOf, getChain } from "@/lib/core/chain/chains";
import type { PaymentAttempt } from "@/lib/core/db";
import { relayerUnavailable } from "@/lib/core/errors/chain-errors";
import { signatureVrs } from "../eip3009";
import { rulesAllow, simulateWithinPolicy, type SponsoredCall } from "../sponsorship";
import {
  collectorAbi,
  collectorAddress,
  collectorToken,
  optionPayment,
  optionPermit,
  readPlan,
} from "./collector";

/** A confirmed collector option's results, in the order of its actions (approval hashes, permit, payment). */
export function collectorResults(option: PaymentAttempt): string[] {
  return option.result!.split(",");
}

/**
 * The collector call that pays a confirmed option (`collectWithPermit` when its plan has a permit),
 * checked against the gas sponsorship policy as an EIP-3009 relay is (lib/domain/gateway/sponsorship.ts).
 */
export async function assertCollectionSponsorable(
  option: PaymentAttempt,
  relayer: Address,
  submissionId: string,
): Promise<SponsoredCall> {
  const chainId = chainIdOf(option.asset);
  const collector = collectorAddress(chainId);
  const chain = getChain(chainId);
  if (!collector || !chain) throw relayerUnavailable(`No collector is configured for ${chainId}.`);
  const payment = optionPayment(option);
  const candidate = {
    accountId: option.accountId,
    asset: option.asset,
    from: getAddress(option.payer!.split(":").pop()!),
    to: payment.destination,
    value: payment.amount,
  };
  const token = await rulesAllow(candidate, "later", undefined, collectorToken);
  const plan = readPlan(option);
  const results = collectorResults(option) as Hex[];
  const signature = results.at(-1)!;
  let data: Hex;
  if (plan.kind === "permit") {
    const permit = optionPermit(option, plan);
    data = encodeFunctionData({
      abi: collectorAbi,
      functionName: "collectWithPermit",
      args: [
        candidate.from,
        payment,
        signature,
        permit.value,
        permit.deadline,
        ...signatureVrs(results.at(-2)!),
      ],
    });
  } else
    data = encodeFunctionData({
      abi: collectorAbi,
      functionName: "collect",
      args: [candidate.from, payment, signature],
    });
  return simulateWithinPolicy(
    candidate,
    token,
    chain,
    { account: relayer, to: collector, data },
    { submissionId, lookup: collectorToken },
  );
}

/**
 * Whether a relay was refused because the collector had executed this payment's nonce already (by
 * our own earlier send, or anyone who had the signature): its `NonceAlreadyUsed` custom error,
 * decoded from the revert data through the collector's ABI, wherever in the error's causes it is.
 */
export function collectedAlready(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    for (const data of [(e as { data?: unknown }).data, (e as { data?: { data?: unknown } }).data?.data])
      if (isHex(data) && data.length >= 10)
        try {
          if (decodeErrorResult({ abi: collectorAbi, data }).errorName === "NonceAlreadyUsed") return true;
        } catch {
          // Not one of the collector's errors.
        }
  return false;
}
