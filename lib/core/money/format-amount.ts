import { findKnownAsset } from "@/lib/core/money/assets";
import { formatFiat, formatUnits, parseUnit } from "@/lib/core/money/money";

/**
 * An Amount for people: fiat in its currency ("$10.50"), a known asset in whole units with its
 * symbol ("1.5 ETH"), anything else as the raw smallest-unit value with its asset id.
 */
export function formatAmount(unit: string, value: string): string {
  const parsed = parseUnit(unit);
  if (!parsed.ok) return `${value} ${unit}`;
  if (parsed.value.kind === "fiat") return formatFiat(value, parsed.value.currency);
  return formatAssetAmount(unit.slice("caip19/".length), value);
}

/** A value in an asset's smallest unit, given the bare CAIP-19 id. */
export function formatAssetAmount(assetId: string, value: string): string {
  const known = findKnownAsset(assetId);
  return known ? `${formatUnits(value, known.decimals)} ${known.symbol}` : `${value} ${assetId}`;
}
