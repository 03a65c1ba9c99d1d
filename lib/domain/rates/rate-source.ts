/** What one whole unit of an asset is worth in a currency: `price / 10^decimals` currency units. */
export type Rate = { price: bigint; decimals: number; updatedAt: Date };

/** Where prices of non-stablecoin assets come from. Returns null when it has no price for the pair. */
export interface RateSource {
  rate(assetId: string, currency: string): Promise<Rate | null>;
}

/** A price that must not be used (not positive, incomplete or too old); quoting stops there. */
export class RateRefused extends Error {}
