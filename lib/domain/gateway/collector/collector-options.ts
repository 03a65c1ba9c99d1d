import "server-only";
import crypto from "node:crypto";
import { getAddress, toHex } from "viem";
import type { Payment } from "@/lib/core/db";
import { isChainUnavailable } from "@/lib/core/errors/chain-errors";
import type { PaymentOption } from "@/lib/domain/payments/payment-options";
import { sponsorshipRefusal } from "../sponsorship";
import { collectorPlan, collectorToken } from "./collector";

/**
 * A live option's collector fields (the payment's nonce, and the plan as `transaction`) when the
 * token can be paid gasless through the collector on its chain for this buyer under the gas
 * sponsorship policy; null otherwise (the buyer sends the transfer themselves).
 */
export async function collectorFields(
  payment: Payment,
  option: PaymentOption,
  payer: string,
): Promise<{ nonce: string; transaction: string } | null> {
  if (payment.mode !== "live" || !collectorToken(option.asset)) return null;
  const from = getAddress(payer);
  const refusal = await sponsorshipRefusal(
    {
      accountId: payment.accountId,
      asset: option.asset,
      from,
      to: getAddress(option.destination.split(":").pop()!),
      value: BigInt(option.value),
    },
    collectorToken,
  );
  if (refusal) return null;
  // A token that does not answer as an ERC-20 there (no contract at that address) is not offered this way.
  const plan = await collectorPlan(option.asset, from, BigInt(option.value)).catch((error: unknown) => {
    if (isChainUnavailable(error)) throw error;
    return null;
  });
  return plan ? { nonce: toHex(crypto.randomBytes(32)), transaction: JSON.stringify(plan) } : null;
}
