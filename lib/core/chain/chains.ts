import "server-only";
import { networkName } from "@/lib/core/money/assets";
import { chainEnv } from "@/lib/core/config/env";
import { getSolanaCluster, solanaExplorerTxUrl } from "./solana/clusters";

export type Chain = {
  id: string;
  numericId: number;
  name: string;
  rpcUrl: string;
  confirmations: number;
  explorerUrl: string | null;
};

// Confirmations before a transfer counts as final, chosen for each chain's reorg depth in practice.
const defaults: Record<string, { confirmations: number; explorerUrl: string }> = {
  "eip155:1": { confirmations: 12, explorerUrl: "https://etherscan.io" },
  "eip155:8453": { confirmations: 10, explorerUrl: "https://basescan.org" },
  "eip155:10": { confirmations: 10, explorerUrl: "https://optimistic.etherscan.io" },
  "eip155:42161": { confirmations: 10, explorerUrl: "https://arbiscan.io" },
  "eip155:137": { confirmations: 64, explorerUrl: "https://polygonscan.com" },
  "eip155:56": { confirmations: 15, explorerUrl: "https://bscscan.com" },
  "eip155:42220": { confirmations: 10, explorerUrl: "https://celoscan.io" },
  "eip155:143": { confirmations: 3, explorerUrl: "https://monadscan.com" },
};

/** The chain, if live payments can be verified on it (an RPC URL is configured); otherwise null. */
export function getChain(chainId: string): Chain | null {
  const configured = chainEnv[chainId];
  if (!configured?.rpcUrl) return null;
  return {
    id: chainId,
    numericId: Number(chainId.split(":")[1]),
    name: networkName(chainId),
    rpcUrl: configured.rpcUrl,
    confirmations: configured.confirmations ?? defaults[chainId]?.confirmations ?? 1,
    explorerUrl: defaults[chainId]?.explorerUrl ?? null,
  };
}

/** Whether live payments on the chain can be verified (EVM or Solana): its RPC is configured. */
export function takesLivePayments(chainId: string): boolean {
  return chainId.startsWith("solana:") ? getSolanaCluster(chainId) !== null : getChain(chainId) !== null;
}

/** The EVM chains with an RPC configured (Solana clusters are lib/core/chain/solana/clusters.ts's). */
export function configuredChains(): Chain[] {
  return Object.keys(chainEnv).flatMap((id) => getChain(id) ?? []);
}

export function chainIdOf(caip: string): string {
  return caip.split("/")[0]!.split(":").slice(0, 2).join(":");
}

export function explorerTxUrl(chainId: string, txHash: string): string | null {
  if (chainId.startsWith("solana:")) return solanaExplorerTxUrl(chainId, txHash);
  const base = getChain(chainId)?.explorerUrl ?? defaults[chainId]?.explorerUrl;
  return base ? `${base}/tx/${txHash}` : null;
}
