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

  it("has no duplicates and covers USDC and USDT on all five networks", () => {
    expect(new Set(knownAssets.map((a) => a.id)).size).toBe(knownAssets.length);
    for (const chain of ["eip155:1", "eip155:8453", "eip155:10", "eip155:42161", "eip155:137"]) {
      expect(
        knownAssets
          .filter((a) => a.chainId === chain && a.peggedTo === "USD")
          .map((a) => a.symbol)
          .sort(),
      ).toEqual(["USDC", "USDT"]);
    }
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
