import "server-only";
import { parseAbi } from "viem";
import { chainIdOf, getChain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import { env, rateFeedEnv } from "@/lib/core/config/env";
import { RateRefused, type Rate, type RateSource } from "./rate-source";

const aggregatorV3 = parseAbi([
  "function decimals() view returns (uint8)",
  "function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)",
]);

/**
 * Prices from Chainlink aggregators on the asset's own chain, configured per asset and currency
 * (`RATE_FEED_…`, see lib/core/config/env.ts). Read at every quote, so a quote is never older than the feed; an
 * answer that is not positive, from an unfinished round, or older than RATE_FEED_MAX_AGE_SECONDS is refused.
 */
export const chainlinkFeeds: RateSource = {
  async rate(assetId, currency) {
    const feed = rateFeedEnv[assetId.toLowerCase()]?.[currency];
    const chain = feed ? getChain(chainIdOf(assetId)) : null;
    if (!feed || !chain) return null;
    const client = chainClient(chain);
    const [decimals, [roundId, answer, , updatedAt, answeredInRound]] = await Promise.all([
      client.readContract({ address: feed, abi: aggregatorV3, functionName: "decimals" }),
      client.readContract({ address: feed, abi: aggregatorV3, functionName: "latestRoundData" }),
    ]);
    const rate: Rate = { price: answer, decimals, updatedAt: new Date(Number(updatedAt) * 1000) };
    if (answer <= 0n)
      throw new RateRefused(`The ${currency} price feed for ${assetId} answers ${answer}, not a price.`);
    if (updatedAt === 0n || answeredInRound < roundId)
      throw new RateRefused(`The ${currency} price feed for ${assetId} has no finished round.`);
    const ageSeconds = (Date.now() - rate.updatedAt.getTime()) / 1000;
    if (ageSeconds > env.RATE_FEED_MAX_AGE_SECONDS)
      throw new RateRefused(
        `The ${currency} price feed for ${assetId} is stale (${Math.round(ageSeconds)} s old).`,
      );
    return rate;
  },
};
