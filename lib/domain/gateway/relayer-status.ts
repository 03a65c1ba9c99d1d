import "server-only";
import { formatEther } from "viem";
import { configuredChains } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import { env } from "@/lib/core/config/env";
import { relayerAccount } from "./relay";

// Below this many gasless payments' worth of gas, the dashboard warns that the relayer needs topping up.
const lowAfterPayments = 20n;
const gasPerPayment = BigInt(env.SPONSOR_GAS_LIMIT);

export type RelayerStatus = {
  chainId: string;
  chainName: string;
  address: string;
  balanceEth: string | null;
  low: boolean;
  error: string | null;
};

/** Each chain's relayer: its address and gas balance, read from the chain (null when unreachable). */
export async function listRelayers(): Promise<RelayerStatus[]> {
  const chains = configuredChains().flatMap((chain) => {
    const account = relayerAccount(chain.id);
    return account ? [{ chain, address: account.address }] : [];
  });
  return Promise.all(
    chains.map(async ({ chain, address }) => {
      try {
        const client = chainClient(chain);
        const [balance, gasPrice] = await Promise.all([client.getBalance({ address }), client.getGasPrice()]);
        return {
          chainId: chain.id,
          chainName: chain.name,
          address,
          balanceEth: formatEther(balance),
          low: balance < gasPrice * gasPerPayment * lowAfterPayments,
          error: null,
        };
      } catch {
        return {
          chainId: chain.id,
          chainName: chain.name,
          address,
          balanceEth: null,
          low: false,
          error: "The chain's RPC did not answer.",
        };
      }
    }),
  );
}
