// The networks Tollgate knows by name, and what a transfer costs there, roughly: the fee rank
// orders what buyers are offered (1: a few cents or less, 3: Ethereum itself, dollars; a network
// not listed here sits at 2, in between).

type Network = { name: string; feeRank: 1 | 2 | 3 };

const known: Record<string, Network> = {
  "eip155:1": { name: "Ethereum", feeRank: 3 },
  "eip155:8453": { name: "Base", feeRank: 1 },
  "eip155:10": { name: "Optimism", feeRank: 1 },
  "eip155:42161": { name: "Arbitrum One", feeRank: 1 },
  "eip155:137": { name: "Polygon", feeRank: 1 },
  "eip155:56": { name: "BNB Smart Chain", feeRank: 1 },
  "eip155:42220": { name: "Celo", feeRank: 1 },
  "eip155:143": { name: "Monad", feeRank: 1 },
  "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp": { name: "Solana", feeRank: 1 },
  "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1": { name: "Solana Devnet", feeRank: 2 },
};

/** CAIP-2 id → the network's name, in the order the dashboard lists them. */
export const networks: Record<string, string> = Object.fromEntries(
  Object.entries(known).map(([id, n]) => [id, n.name]),
);

/** 1 (cheapest) to 3; 2 for a network Tollgate does not know by name. */
export function networkFeeRank(chainId: string): number {
  return known[chainId]?.feeRank ?? 2;
}

/** Options in order of what paying costs in network fees, cheapest first; equal ones keep their order. */
export function cheapestNetworkFirst<T extends { asset: string }>(options: T[]): T[] {
  const rank = (o: T) => networkFeeRank(o.asset.split("/")[0]!);
  return options
    .map((o, i) => ({ o, i }))
    .sort((a, b) => rank(a.o) - rank(b.o) || a.i - b.i)
    .map(({ o }) => o);
}

export function networkName(chainId: string): string {
  return networks[chainId] ?? chainId;
}
