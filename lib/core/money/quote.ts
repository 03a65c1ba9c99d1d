import { findKnownAsset } from "@/lib/core/money/assets";
import { parseUnit, type Amount } from "@/lib/core/money/money";

/**
 * The amount of `assetId` (in its smallest unit) that pays `amount`, or null when there is no rate:
 * the same asset pays itself, and a stablecoin pays its own currency at par. Rounds up, so a
 * conversion never underpays the merchant.
 */
export function quoteInAsset(amount: Amount, assetId: string): string | null {
  const unit = parseUnit(amount.unit);
  if (!unit.ok) return null;
  // EVM addresses are case-insensitive (EIP-55 case is only a checksum).
  if (unit.value.kind === "asset")
    return amount.unit.toLowerCase() === `caip19/${assetId}`.toLowerCase() ? amount.value : null;
  const asset = findKnownAsset(assetId);
  if (!asset || asset.peggedTo !== unit.value.currency) return null;
  const shift = asset.decimals - unit.value.exponent;
  const value = BigInt(amount.value);
  if (shift >= 0) return (value * 10n ** BigInt(shift)).toString();
  const divisor = 10n ** BigInt(-shift);
  return ((value + divisor - 1n) / divisor).toString();
}
