import "server-only";
import { address as solanaAddress } from "@solana/kit";
import { formatEther, formatUnits } from "viem";
import { configuredChains } from "@/lib/core/chain/chains";
import { configuredSolanaClusters, solanaRpc, type SolanaCluster } from "@/lib/core/chain/solana/clusters";
import { chainClient } from "@/lib/core/chain/client";
import { env } from "@/lib/core/config/env";
import { relayerAccount } from "./relay";
import { solanaRelayer } from "./solana/options";
import { lamportsPerSignature, signaturesPerPayment } from "./solana/sponsorship";

// Below this many gasless payments' worth of gas, the dashboard warns that the relayer needs topping up.
const lowAfterPayments = 20n;
const gasPerPayment = BigInt(env.SPONSOR_GAS_LIMIT);

export type RelayerStatus = {
  chainId: string;
  chainName: string;
  address: string;
  /** The balance in the chain's native unit (`unit`), null when the chain did not answer. */
  balance: string | null;
  unit: "ETH" | "SOL";
  low: boolean;
  error: string | null;
};

/** Each chain's relayer (EVM) and fee payer (Solana): its address and balance, read from the chain (null when unreachable). */
export async function listRelayers(): Promise<RelayerStatus[]> {
  const [evm, solana] = await Promise.all([evmRelayers(), solanaFeePayers()]);
  return [...evm, ...solana];
}

async function evmRelayers(): Promise<RelayerStatus[]> {
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
          balance: formatEther(balance),
          unit: "ETH" as const,
          low: balance < gasPrice * gasPerPayment * lowAfterPayments,
          error: null,
        };
      } catch {
        return {
          chainId: chain.id,
          chainName: chain.name,
          address,
          balance: null,
          unit: "ETH" as const,
          low: false,
          error: "The chain's RPC did not answer.",
        };
      }
    }),
  );
}

// A token account's size: the rent of one the fee payer may create for a merchant with each payment.
const tokenAccountSpace = 165n;

/** Each Solana cluster's fee payer and its SOL, low below 20 payments' fees and token-account rent. */
async function solanaFeePayers(): Promise<RelayerStatus[]> {
  const clusters = await Promise.all(
    configuredSolanaClusters().map(async (cluster) => ({ cluster, signer: await solanaRelayer(cluster) })),
  );
  return Promise.all(
    clusters
      .filter((c): c is { cluster: SolanaCluster; signer: NonNullable<typeof c.signer> } => c.signer !== null)
      .map(async ({ cluster, signer }) => {
        const row = {
          chainId: cluster.id,
          chainName: cluster.name,
          address: signer.address,
          unit: "SOL" as const,
        };
        try {
          const rpc = solanaRpc(cluster);
          const [{ value: lamports }, rent] = await Promise.all([
            rpc.getBalance(solanaAddress(signer.address)).send(),
            rpc.getMinimumBalanceForRentExemption(tokenAccountSpace).send(),
          ]);
          const perPayment = signaturesPerPayment * lamportsPerSignature + BigInt(rent);
          return {
            ...row,
            balance: formatUnits(lamports, 9),
            low: lamports < perPayment * lowAfterPayments,
            error: null,
          };
        } catch {
          return { ...row, balance: null, low: false, error: "The cluster's RPC did not answer." };
        }
      }),
  );
}
