import { findKnownAsset, shortAssetReference } from "@/lib/core/money/assets";
import { formatFiat, formatUnits, parseUnit } from "@/lib/core/money/money";

/**
 * An Amount for people: fiat in its currency ("$10.50"), a known asset in whole units with its
 * symbol ("1.5 ETH"), a token nobody named in its smallest units with its short address ("7 units of
 * 0x4200…0042"), never a raw protocol id.
 */
export function formatAmount(unit: string, value: string): string {
  const parsed = parseUnit(unit);
  if (!parsed.ok) return `${value} ${unit}`;
  if (parsed.value.kind === "fiat") return formatFiat(value, parsed.value.currency);
  return formatAssetAmount(unit.slice("caip19/".length), value);
}

/**
 * A value in an asset's smallest unit, given the bare CAIP-19 id; `named` is what is known of a
 * token the registry does not list (read from its chain, lib/core/chain/asset-display.ts).
 */
export function formatAssetAmount(
  assetId: string,
  value: string,
  named: { decimals: number; symbol: string } | undefined = findKnownAsset(assetId),
): string {
  return named
    ? `${formatUnits(value, named.decimals)} ${named.symbol}`
    : `${value} units of ${shortAssetReference(assetId)}`;
}
