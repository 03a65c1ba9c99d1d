import { describe, expect, it } from "vitest";
import { cheapestNetworkFirst, knownAssets, findKnownAsset, networkName } from "./assets";
import { canonicalAssetId, formatAssetId, parseAssetId } from "@/lib/core/caip/caip";

describe("knownAssets", () => {
  it.each(knownAssets.map((a) => [a.symbol, a.chainId, a]))(
    "%s on %s is a valid CAIP-19 id in canonical (EIP-55) form",
    (_s, _c, asset) => {
      const parsed = parseAssetId(asset.id);
      expect(parsed.ok).toBe(true);
      if (parsed.ok) expect(formatAssetId(canonicalAssetId(parsed.value))).toBe(asset.id);
    },
  );

  it("has no duplicates and holds every EVM token WalletConnect Pay accepts, with its peg and decimals", () => {
    expect(new Set(knownAssets.map((a) => a.id)).size).toBe(knownAssets.length);
    const accepted: (readonly [string, string, number, string | undefined])[] = [
      ["USDC", "eip155:42161/erc20:0xaf88d065e77c8cC2239327C5EDb3A432268e5831", 6, "USD"],
      ["USDC", "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", 6, "USD"],
      ["USDC", "eip155:137/erc20:0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359", 6, "USD"],
      ["USDC", "eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", 6, "USD"],
      ["USDC", "eip155:10/erc20:0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", 6, "USD"],
      ["USDC", "eip155:56/erc20:0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d", 18, "USD"],
      ["USDC", "eip155:42220/erc20:0xcebA9300f2b948710d2653dD7B07f33A8B32118C", 6, "USD"],
      ["USDC", "eip155:143/erc20:0x754704Bc059F8C67012fEd69BC8A327a5aafb603", 6, "USD"],
      ["EURC", "eip155:8453/erc20:0x60a3E35Cc302bFA44Cb288Bc5a4F316Fdb1adb42", 6, "EUR"],
      ["EURC", "eip155:1/erc20:0x1aBaEA1f7C830bD89Acc67eC4af516284b1bC33c", 6, "EUR"],
      ["EURe", "eip155:137/erc20:0xE0aEa583266584DafBB3f9C3211d5588c73fEa8d", 18, "EUR"],
      ...["eip155:1", "eip155:137", "eip155:8453", "eip155:42161", "eip155:10"].map(
        (c) => ["EURAU", `${c}/erc20:0x4933A85b5b5466Fbaf179F72D3DE273c287EC2c2`, 6, "EUR"] as const,
      ),
      ...["eip155:1", "eip155:42161", "eip155:8453", "eip155:56"].map(
        (c) => ["AUSD", `${c}/erc20:0x00000000eFE302BEAA2b3e6e1b18d08D69a9012a`, 6, "USD"] as const,
      ),
      ["USDG", "eip155:1/erc20:0xe343167631d89B6Ffc58B88d6b7fB0228795491D", 6, "USD"],
      ["PYUSD", "eip155:1/erc20:0x6c3ea9036406852006290770bedfcaba0e23a0e8", 6, "USD"],
      ["PYUSD", "eip155:42161/erc20:0x46850ad61c2b7d64d08c9c754f45254596696984", 6, "USD"],
      ["USDT", "eip155:1/erc20:0xdAC17F958D2ee523a2206206994597C13D831ec7", 6, "USD"],
      ["USDT", "eip155:137/erc20:0xc2132D05D31c914a87C6611C10748AEb04B58e8F", 6, "USD"],
      ["USDT", "eip155:42161/erc20:0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9", 6, "USD"],
      ["USDT", "eip155:56/erc20:0x55d398326f99059fF775485246999027B3197955", 18, "USD"],
      ["WETH", "eip155:1/erc20:0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2", 18, undefined],
      ["WETH", "eip155:10/erc20:0x4200000000000000000000000000000000000006", 18, undefined],
      ["WETH", "eip155:8453/erc20:0x4200000000000000000000000000000000000006", 18, undefined],
      ["WETH", "eip155:42161/erc20:0x82aF49447D8a07e3bd95BD0d56f35241523fBab1", 18, undefined],
      ["WPOL", "eip155:137/erc20:0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270", 18, undefined],
    ];
    expect(accepted).toHaveLength(32);
    for (const [symbol, id, decimals, peggedTo] of accepted)
      expect(findKnownAsset(id), id).toMatchObject({ symbol, decimals, peggedTo });
    for (const chain of ["eip155:56", "eip155:42220", "eip155:143"])
      expect(networkName(chain)).not.toBe(chain);
    // Only Tether on Ethereum needs its allowance reset to 0 before a new one.
    expect(knownAssets.filter((a) => a.approveResetFirst).map((a) => a.id)).toEqual([
      "eip155:1/erc20:0xdAC17F958D2ee523a2206206994597C13D831ec7",
    ]);
  });

  it("finds an asset whatever the case of its address", () => {
    expect(findKnownAsset("eip155:8453/erc20:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913")?.symbol).toBe(
      "USDC",
    );
    expect(findKnownAsset("eip155:8453/erc20:0x0000000000000000000000000000000000000001")).toBeUndefined();
    expect(networkName("eip155:42161")).toBe("Arbitrum One");
    expect(networkName("eip155:999")).toBe("eip155:999");
  });
});

describe("cheapestNetworkFirst", () => {
  it("puts rollups before Ethereum and unknown networks between, keeping the order of equals", () => {
    const options = [
      "eip155:1/slip44:60",
      "eip155:999/erc20:0x01",
      "eip155:8453/erc20:0x02",
      "eip155:1/erc20:0x03",
      "eip155:10/erc20:0x04",
    ].map((asset) => ({ asset }));
    expect(cheapestNetworkFirst(options).map((o) => o.asset)).toEqual([
      "eip155:8453/erc20:0x02",
      "eip155:10/erc20:0x04",
      "eip155:999/erc20:0x01",
      "eip155:1/slip44:60",
      "eip155:1/erc20:0x03",
    ]);
  });
});
