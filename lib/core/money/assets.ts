import type { CurrencyCode } from "@/lib/core/money/money";

// Assets Tollgate knows by name: what the dashboard's picker offers and how amounts are shown.
// Stablecoins carry the currency they are pegged to, which is what lets a fiat amount be quoted in
// them at par; any other asset needs a rate source.

export type KnownAsset = {
  /** CAIP-19, EVM addresses in EIP-55 form. */
  id: string;
  symbol: string;
  name: string;
  decimals: number;
  chainId: string;
  peggedTo?: CurrencyCode;
  /** The EIP-712 domain name and version of a token implementing EIP-3009 (transferWithAuthorization). */
  eip3009?: { name: string; version: string };
};

export const networks: Record<string, string> = {
  "eip155:1": "Ethereum",
  "eip155:8453": "Base",
  "eip155:10": "Optimism",
  "eip155:42161": "Arbitrum One",
  "eip155:137": "Polygon",
  "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp": "Solana",
  "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1": "Solana Devnet",
};

// What a transfer costs there, roughly: rollups a few cents, Ethereum itself dollars. Buyers see the
// cheap ones first; unknown networks sit in between.
const networkFeeRank: Record<string, number> = {
  "eip155:8453": 1,
  "eip155:10": 1,
  "eip155:42161": 1,
  "eip155:137": 1,
  "eip155:1": 3,
  "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp": 1,
};

/** Options in order of what paying costs in network fees, cheapest first; equal ones keep their order. */
export function cheapestNetworkFirst<T extends { asset: string }>(options: T[]): T[] {
  const rank = (o: T) => networkFeeRank[o.asset.split("/")[0]!] ?? 2;
  return options
    .map((o, i) => ({ o, i }))
    .sort((a, b) => rank(a.o) - rank(b.o) || a.i - b.i)
    .map(({ o }) => o);
}

const usdc = (chainId: string, address: string): KnownAsset => ({
  id: `${chainId}/erc20:${address}`,
  symbol: "USDC",
  name: "USD Coin",
  decimals: 6,
  chainId,
  peggedTo: "USD",
  eip3009: { name: "USD Coin", version: "2" },
});
const usdt = (chainId: string, address: string): KnownAsset => ({
  id: `${chainId}/erc20:${address}`,
  symbol: "USDT",
  name: "Tether USD",
  decimals: 6,
  chainId,
  peggedTo: "USD",
});
const nativeEth = (chainId: string): KnownAsset => ({
  id: `${chainId}/slip44:60`,
  symbol: "ETH",
  name: "Ether",
  decimals: 18,
  chainId,
});

// SPL tokens (CAIP-19 `token:<mint>`) and SOL on Solana's clusters.
const splToken = (
  chainId: string,
  mint: string,
  symbol: string,
  name: string,
  peggedTo: CurrencyCode,
): KnownAsset => ({ id: `${chainId}/token:${mint}`, symbol, name, decimals: 6, chainId, peggedTo });
const sol = (chainId: string): KnownAsset => ({
  id: `${chainId}/slip44:501`,
  symbol: "SOL",
  name: "Solana",
  decimals: 9,
  chainId,
});
const solanaMainnet = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
const solanaDevnet = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1";

export const knownAssets: KnownAsset[] = [
  usdc("eip155:1", "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"),
  usdt("eip155:1", "0xdAC17F958D2ee523a2206206994597C13D831ec7"),
  nativeEth("eip155:1"),
  usdc("eip155:8453", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"),
  usdt("eip155:8453", "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2"),
  nativeEth("eip155:8453"),
  usdc("eip155:10", "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85"),
  usdt("eip155:10", "0x94b008aA00579c1307B0EF2c499aD98a8ce58e58"),
  nativeEth("eip155:10"),
  usdc("eip155:42161", "0xaf88d065e77c8cC2239327C5EDb3A432268e5831"),
  usdt("eip155:42161", "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9"),
  nativeEth("eip155:42161"),
  usdc("eip155:137", "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359"),
  usdt("eip155:137", "0xc2132D05D31c914a87C6611C10748AEb04B58e8F"),
  // Polygon's native coin is POL; ether there is the bridged WETH token.
  {
    id: "eip155:137/erc20:0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619",
    symbol: "WETH",
    name: "Wrapped Ether",
    decimals: 18,
    chainId: "eip155:137",
  },
  splToken(solanaMainnet, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", "USDC", "USD Coin", "USD"),
  splToken(solanaMainnet, "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB", "USDT", "Tether USD", "USD"),
  splToken(solanaMainnet, "HzwqbKZw8HxMN6bF2yFZNrht3c2iXXzpKcFu7uBEDKtr", "EURC", "Euro Coin", "EUR"),
  sol(solanaMainnet),
  splToken(solanaDevnet, "4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU", "USDC", "USD Coin", "USD"),
  sol(solanaDevnet),
];

const byId = new Map(knownAssets.map((a) => [a.id.toLowerCase(), a]));

export function findKnownAsset(assetId: string): KnownAsset | undefined {
  return byId.get(assetId.toLowerCase());
}

/** A token's contract address shortened for reading ("0x0000…dEa1"); the full id belongs behind a copy button. */
export function shortAssetReference(assetId: string): string {
  const reference = assetId.split(":").pop()!;
  return reference.length > 12 ? `${reference.slice(0, 6)}…${reference.slice(-4)}` : reference;
}

export function networkName(chainId: string): string {
  return networks[chainId] ?? chainId;
}
