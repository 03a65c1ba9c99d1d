import { describe, expect, it } from "vitest";
import { assetLabel } from "./asset-label";

describe("assetLabel", () => {
  it("names a known asset and its network", () => {
    expect(assetLabel("eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")).toEqual({ symbol: "USDC", name: "USD Coin", networkName: "Base" });
    expect(assetLabel("eip155:1/slip44:60")).toEqual({ symbol: "ETH", name: "Ether", networkName: "Ethereum" });
  });

  it("falls back to a shortened asset reference and the chain id", () => {
    expect(assetLabel("eip155:999/erc20:0x4200000000000000000000000000000000000042")).toEqual({
      symbol: "0x4200…0042",
      name: "eip155:999/erc20:0x4200000000000000000000000000000000000042",
      networkName: "eip155:999",
    });
    expect(assetLabel("eip155:999/slip44:60").symbol).toBe("60");
  });
});
