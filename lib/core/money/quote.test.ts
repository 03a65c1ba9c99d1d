import { describe, expect, it } from "vitest";
import { quoteInAsset } from "./quote";

const usdcBase = "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const wethPolygon = "eip155:137/erc20:0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619";

describe("quoteInAsset", () => {
  it("quotes US dollars in USDC at par, cents to micro-dollars", () => {
    expect(quoteInAsset({ unit: "iso4217/USD", value: "1050" }, usdcBase)).toBe("10500000");
    expect(quoteInAsset({ unit: "iso4217/USD", value: "1" }, usdcBase)).toBe("10000");
  });

  it("matches the asset whatever the case of its address", () => {
    expect(quoteInAsset({ unit: "iso4217/USD", value: "100" }, usdcBase.toLowerCase())).toBe("1000000");
  });

  it("keeps precision beyond 2^53", () => {
    expect(quoteInAsset({ unit: "iso4217/USD", value: "900719925474099312" }, usdcBase)).toBe(
      "9007199254740993120000",
    );
  });

  it("has no rate for another currency, a non-stablecoin, or an unknown asset", () => {
    expect(quoteInAsset({ unit: "iso4217/EUR", value: "100" }, usdcBase)).toBeNull();
    expect(quoteInAsset({ unit: "iso4217/USD", value: "100" }, wethPolygon)).toBeNull();
    expect(
      quoteInAsset(
        { unit: "iso4217/USD", value: "100" },
        "eip155:8453/erc20:0x0000000000000000000000000000000000000001",
      ),
    ).toBeNull();
  });

  it("pays an amount given in an asset with that same asset only", () => {
    expect(quoteInAsset({ unit: `caip19/${wethPolygon}`, value: "5" }, wethPolygon)).toBe("5");
    expect(quoteInAsset({ unit: `caip19/${wethPolygon}`, value: "5" }, usdcBase)).toBeNull();
    expect(quoteInAsset({ unit: `caip19/${wethPolygon.toLowerCase()}`, value: "5" }, wethPolygon)).toBe("5");
  });
});
