import { findKnownAsset, networkName } from "@/lib/assets";

export type AssetLabel = { symbol: string; name: string; networkName: string };

/** How an asset is named to a buyer; an unknown one by its (shortened) CAIP-19 reference. */
export function assetLabel(assetId: string): AssetLabel {
  const known = findKnownAsset(assetId);
  const chainId = assetId.split("/")[0] ?? assetId;
  const reference = assetId.split(":").pop() ?? assetId;
  const symbol = known?.symbol ?? (reference.length > 12 ? `${reference.slice(0, 6)}…${reference.slice(-4)}` : reference);
  return { symbol, name: known?.name ?? assetId, networkName: networkName(chainId) };
}
