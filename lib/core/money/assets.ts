import type { CurrencyCode } from "@/lib/core/money/money";
import { evmAssets } from "./evm-assets";

export { cheapestNetworkFirst, networkFeeRank, networkName, networks } from "./networks";

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
  /** Implements EIP-2612 `permit` (its domain is read from the token and checked against its DOMAIN_SEPARATOR). */
  eip2612?: boolean;
  /** `approve` reverts unless the current allowance is 0 (Tether on Ethereum): a new allowance is set to 0 first. */
  approveResetFirst?: boolean;
};

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
  ...evmAssets,
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
