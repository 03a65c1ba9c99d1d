import "server-only";
import { TransactionNotFoundError, type Hash } from "viem";
import { chainIdOf, getChain } from "@/lib/chain/chains";
import { chainClient } from "@/lib/chain/client";
import type { GatewayOption } from "@/lib/db";
import { env } from "@/lib/config/env";

/**
 * Why a confirmed option may give way to another one, or null when it may not. Only a transaction
 * hash can: one that the chain has neither mined nor holds as pending GATEWAY_UNSEEN_TRANSACTION_MS
 * after the confirm was never broadcast, or was dropped, and would otherwise keep the buyer from
 * paying any other way until the payment expires. A signature (relayed by Tollgate), a transaction
 * the node knows, or a chain that cannot be asked right now keeps the option.
 */
export async function unseenTransaction(option: GatewayOption): Promise<string | null> {
  if (option.method !== "transaction" || !option.confirmedAt || !option.result) return null;
  const waitedMs = Date.now() - option.confirmedAt.getTime();
  if (waitedMs < env.GATEWAY_UNSEEN_TRANSACTION_MS) return null;
  const chain = getChain(chainIdOf(option.asset));
  if (!chain) return null;
  const known = await chainClient(chain)
    .getTransaction({ hash: option.result as Hash })
    .then(
      () => true,
      (error: unknown) => !(error instanceof TransactionNotFoundError),
    );
  return known ? null : `The transaction ${option.result} was not found on ${chain.name}, mined or pending, ${Math.floor(waitedMs / 1000)} s after it was confirmed.`;
}
