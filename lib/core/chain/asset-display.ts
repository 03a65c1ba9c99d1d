import "server-only";
import { findKnownAsset, networkName } from "@/lib/core/money/assets";
import { formatAssetAmount } from "@/lib/core/money/format-amount";
import { assetInfo, assetInfoIfKnown } from "./asset-info";
import { chainIdOf, getChain } from "./chains";

export type AssetDisplay = { assetSymbol: string; assetName: string; decimals: number; networkName: string };

/**
 * How an asset (CAIP-19 without the `caip19/` prefix) is shown: by the registry, else as its
 * contract described itself when this process read it, else by the start of its address.
 */
export function assetDisplay(assetId: string): AssetDisplay {
  const info = findKnownAsset(assetId) ?? assetInfoIfKnown(assetId);
  return {
    assetSymbol: info?.symbol ?? assetId.split(":").pop()!.slice(0, 10),
    assetName: info?.name ?? assetId,
    decimals: info?.decimals ?? 0,
    networkName: networkName(chainIdOf(assetId)),
  };
}

/**
 * assetDisplay, having first asked the chain about a token the registry does not list: once per
 * token and process (assetInfo keeps the answer), so a status poll costs no chain call.
 */
export async function readAssetDisplay(assetId: string): Promise<AssetDisplay> {
  const chain = findKnownAsset(assetId) || assetInfoIfKnown(assetId) ? null : getChain(chainIdOf(assetId));
  if (chain) await assetInfo(chain, assetId).catch(() => null);
  return assetDisplay(assetId);
}

/**
 * An amount as a person reads it: "10.5 USDC" (whole units of the symbol); a token whose decimals
 * this process does not know (an unlisted token never read from its chain) is counted in its
 * smallest units and named by its short address: "100900000 units of 0x0000…dEa1".
 */
export function amountInWords(assetId: string, value: string): string {
  return formatAssetAmount(assetId, value, findKnownAsset(assetId) ?? assetInfoIfKnown(assetId));
}

/** amountInWords, having first asked the chain about an unlisted token (once per token and process). */
export async function readAmountInWords(assetId: string, value: string): Promise<string> {
  await readAssetDisplay(assetId);
  return amountInWords(assetId, value);
}
