import { findKnownAsset, networkName } from "@/lib/core/money/assets";
import { formatChainId, parseAssetId } from "@/lib/core/caip/caip";

/** "USDC on Base" for a known asset; the CAIP-19 id itself for any other. */
export function describeAsset(assetId: string): string {
  const known = findKnownAsset(assetId);
  return known ? `${known.symbol} on ${networkName(known.chainId)}` : assetId;
}

/** The chain of a CAIP-19 id (e.g. "eip155:8453"), or null while it does not parse. */
export function assetChain(assetId: string): string | null {
  const parsed = parseAssetId(assetId.trim(), "asset");
  return parsed.ok ? formatChainId(parsed.value.chainId) : null;
}

/**
 * A destination as the API wants it: CAIP-10 as typed, or a bare EVM address placed on the
 * asset's chain (`0xab…` with USDC on Base → `eip155:8453:0xab…`).
 */
export function qualifyDestination(assetId: string, destination: string): string {
  const text = destination.trim();
  const chain = assetChain(assetId);
  return chain && text !== "" && !text.includes(":") ? `${chain}:${text}` : text;
}
