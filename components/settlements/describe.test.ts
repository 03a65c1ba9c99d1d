import { describe, expect, it } from "vitest";
import { describeAsset, qualifyDestination } from "./describe";

const usdcBase = "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const wallet = "0x52908400098527886E0F7030069857D2E4169EE7";

describe("settlement form helpers", () => {
  it("places a bare address on the asset's chain and leaves a CAIP-10 id as typed", () => {
    expect(qualifyDestination(usdcBase, ` ${wallet} `)).toBe(`eip155:8453:${wallet}`);
    expect(qualifyDestination(usdcBase, `eip155:1:${wallet}`)).toBe(`eip155:1:${wallet}`);
  });

  it("leaves the destination alone while the asset does not parse or nothing is typed", () => {
    expect(qualifyDestination("eip155:8453/erc20:0x12", wallet)).toBe(wallet);
    expect(qualifyDestination(usdcBase, "  ")).toBe("");
  });

  it("names known assets by symbol and network, in any letter case, and others by their short address (never the raw id)", () => {
    expect(describeAsset(usdcBase.toLowerCase())).toBe("USDC on Base");
    expect(describeAsset("eip155:1/slip44:60")).toBe("ETH on Ethereum");
    expect(describeAsset("eip155:10/erc20:0x4200000000000000000000000000000000000042")).toBe(
      "Token 0x4200…0042 on Optimism",
    );
  });
});
