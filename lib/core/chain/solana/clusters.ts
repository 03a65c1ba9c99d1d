import "server-only";
import { createSolanaRpc, type Rpc, type SolanaRpcApi } from "@solana/kit";
import { z } from "zod";
import { networkName } from "@/lib/core/money/assets";
import { solanaDevnet, solanaMainnet } from "@/lib/core/caip/solana-address";

// Solana clusters take live payments once their RPC is configured, as EVM chains do:
// `CHAIN_RPC_SOLANA_<reference>=<url>` (the reference as in the CAIP-2 id, case and all, e.g.
// CHAIN_RPC_SOLANA_5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp), `RELAYER_KEY_SOLANA_<reference>=<base58
// 64-byte secret key>` the fee payer of gasless payments, and `SPONSORED_TOKENS_SOLANA_<reference>=
// <mint>,…` mints sponsored beside the registry's stablecoins.

export type SolanaCluster = {
  id: string;
  name: string;
  rpcUrl: string;
  relayerSecret: string | null;
  sponsoredMints: string[];
  explorerUrl: string | null;
};

const explorers: Record<string, string> = {
  [solanaMainnet]: "https://explorer.solana.com/tx/{tx}",
  [solanaDevnet]: "https://explorer.solana.com/tx/{tx}?cluster=devnet",
};

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

const clusters: Record<string, SolanaCluster> = (() => {
  const found: Record<string, SolanaCluster> = {};
  const entry = (reference: string) => {
    const id = `solana:${reference}`;
    return (found[id] ??= {
      id,
      name: networkName(id),
      rpcUrl: "",
      relayerSecret: null,
      sponsoredMints: [],
      explorerUrl: explorers[id] ?? null,
    });
  };
  for (const [name, value] of Object.entries(process.env)) {
    const match = /^(CHAIN_RPC|RELAYER_KEY|SPONSORED_TOKENS)_SOLANA_([1-9A-HJ-NP-Za-km-z]{32})$/.exec(name);
    if (!match || !value) continue;
    const cluster = entry(match[2]!);
    if (match[1] === "CHAIN_RPC") cluster.rpcUrl = z.url({ protocol: /^https?$/ }).parse(value);
    else if (match[1] === "RELAYER_KEY")
      cluster.relayerSecret = z
        .string()
        .regex(BASE58, `${name} must be a base58 secret key (64 bytes)`)
        .parse(value.trim());
    else
      cluster.sponsoredMints = value
        .split(",")
        .map((m) => m.trim())
        .filter(Boolean)
        .map((m) => z.string().regex(BASE58, `${name}: "${m}" is not a base58 mint address`).parse(m));
  }
  return found;
})();

/** The cluster, if live payments can be verified on it (an RPC URL is configured); otherwise null. */
export function getSolanaCluster(chainId: string): SolanaCluster | null {
  const cluster = clusters[chainId];
  return cluster?.rpcUrl ? cluster : null;
}

/** The clusters whose live payments can be verified (an RPC URL is configured). */
export function configuredSolanaClusters(): SolanaCluster[] {
  return Object.values(clusters).filter((c) => c.rpcUrl);
}

/** Clusters named in the configuration, configured or not (destination checks know them). */
export function namedSolanaClusters(): string[] {
  return Object.keys(clusters);
}

const rpcs = new Map<string, Rpc<SolanaRpcApi>>();

/** The cluster's JSON-RPC client (@solana/kit), one per process. */
export function solanaRpc(cluster: SolanaCluster): Rpc<SolanaRpcApi> {
  let rpc = rpcs.get(cluster.id);
  if (!rpc) rpcs.set(cluster.id, (rpc = createSolanaRpc(cluster.rpcUrl)));
  return rpc;
}

export function solanaExplorerTxUrl(chainId: string, signature: string): string | null {
  return explorers[chainId]?.replace("{tx}", signature) ?? null;
}
