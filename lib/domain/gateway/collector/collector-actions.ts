import "server-only";
import { encodeFunctionData, erc20Abi, getAddress, maxUint256 } from "viem";
import { chainIdOf, getChain } from "@/lib/core/chain/chains";
import type { PaymentAttempt } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import {
  collectorAddress,
  collectorDomain,
  domainFields,
  optionPayment,
  optionPermit,
  paymentTypes,
  permitDomain,
  permitTypes,
  readPlan,
} from "./collector";

// The wallet RPC calls that pay a collector option, in order: the approvals the plan needs (each
// an `eth_sendTransaction` the wallet sends and waits for), a permit to sign if the plan has one,
// then the payment to sign. WalletConnect Pay's clients perform them as they perform any option's.

/** An `eth_signTypedData_v4` payload as JSON, integers as decimal strings. */
function typedDataJson(
  domain: object,
  types: Record<string, readonly { name: string; type: string }[]>,
  message: Record<string, unknown>,
): string {
  return JSON.stringify({
    types: { EIP712Domain: domainFields, ...types },
    domain,
    primaryType: Object.keys(types)[0],
    message: Object.fromEntries(
      Object.entries(message).map(([k, v]) => [k, typeof v === "bigint" ? v.toString() : v]),
    ),
  });
}

export async function collectorActions(option: PaymentAttempt) {
  const chain_id = chainIdOf(option.asset);
  const collector = collectorAddress(chain_id);
  const chain = getChain(chain_id);
  if (!collector || !chain)
    throw new AppError(
      "invalid_state",
      "This option can no longer be paid without gas; ask for options again.",
    );
  const payer = getAddress(option.payer!.split(":").pop()!);
  const plan = readPlan(option);
  const payment = optionPayment(option);
  const sign = (json: string) => ({
    type: "walletRpc" as const,
    data: { chain_id, method: "eth_signTypedData_v4" as const, params: [payer, json] },
  });
  const approve = (value: bigint) => ({
    type: "walletRpc" as const,
    data: {
      chain_id,
      method: "eth_sendTransaction" as const,
      params: [
        {
          from: payer,
          to: payment.token,
          value: "0x0",
          data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [collector, value] }),
        },
      ],
    },
  });
  const before =
    plan.kind === "approve"
      ? [...(plan.resetFirst ? [approve(0n)] : []), approve(maxUint256)]
      : plan.kind === "permit"
        ? [
            sign(
              typedDataJson(
                (await permitDomain(chain, payment.token))!,
                permitTypes,
                optionPermit(option, plan),
              ),
            ),
          ]
        : [];
  return [...before, sign(typedDataJson(collectorDomain(chain_id), paymentTypes, payment))];
}

/** How many results a collector option's confirm carries: one per action. */
export function collectorActionCount(option: PaymentAttempt): number {
  const plan = readPlan(option);
  return 1 + (plan.kind === "permit" ? 1 : plan.kind === "approve" ? (plan.resetFirst ? 2 : 1) : 0);
}
