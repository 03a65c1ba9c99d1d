import { findKnownAsset, networkName, shortAssetReference } from "@/lib/core/money/assets";
import { formatChainId, parseAssetId } from "@/lib/core/caip/caip";

/** "USDC on Base" for a known asset; "Token 0x1111…1111 on Base" for any other (its full id goes behind a copy button). */
export function describeAsset(assetId: string): string {
  const known = findKnownAsset(assetId);
  if (known) return `${known.symbol} on ${networkName(known.chainId)}`;
  const chain = assetChain(assetId);
  return `Token ${shortAssetReference(assetId)}${chain ? ` on ${networkName(chain)}` : ""}`;
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
