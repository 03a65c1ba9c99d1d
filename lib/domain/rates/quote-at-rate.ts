import "server-only";
import { assetInfo } from "@/lib/core/chain/asset-info";
import { chainIdOf, getChain } from "@/lib/core/chain/chains";
import { logger } from "@/lib/core/log/logger";
import { parseUnit, type Amount } from "@/lib/core/money/money";
import { chainlinkFeeds } from "./chainlink-feed";
import { RateRefused, type RateSource } from "./rate-source";

/**
 * The amount of `assetId` (smallest units) that pays a fiat `amount` at the source's current price,
 * rounded up so the merchant is never underpaid; null without a usable price. Stablecoins at par
 * are quoted by lib/quote without any source.
 */
export async function quoteAtRate(
  amount: Amount,
  assetId: string,
  source: RateSource = chainlinkFeeds,
): Promise<string | null> {
  const unit = parseUnit(amount.unit);
  const chain = getChain(chainIdOf(assetId));
  if (!unit.ok || unit.value.kind !== "fiat" || !chain) return null;
  try {
    const rate = await source.rate(assetId, unit.value.currency);
    if (!rate) return null;
    const { decimals } = await assetInfo(chain, assetId);
    // value / 10^exponent currency units, at price / 10^rate.decimals per whole asset of 10^decimals units.
    const numerator = BigInt(amount.value) * 10n ** BigInt(rate.decimals + decimals);
    const denominator = rate.price * 10n ** BigInt(unit.value.exponent);
    return ((numerator + denominator - 1n) / denominator).toString();
  } catch (error) {
    if (!(error instanceof RateRefused)) throw error;
    logger.warn(`Rates: ${error.message} No quote in ${assetId}.`);
    return null;
  }
}
