import { describe, expect, it } from "vitest";
import { quoteRate } from "./get-receipt";

const usdc = { decimals: 6, assetSymbol: "USDC" };

describe("quoteRate", () => {
  it("is the fiat price of one whole token in the quote", () => {
    expect(quoteRate("iso4217/USD", "1050", "10500000", usdc)).toBe("1 USDC = 1.00 USD");
    expect(quoteRate("iso4217/EUR", "1000", "10800000", usdc)).toBe("1 USDC = 0.925925 EUR");
    expect(
      quoteRate("iso4217/USD", "300000", "1000000000000000000", { decimals: 18, assetSymbol: "ETH" }),
    ).toBe("1 ETH = 3000.00 USD");
  });

  it("is null for a payment priced in the asset itself", () => {
    expect(
      quoteRate(
        "caip19/eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
        "1000000",
        "1000000",
        usdc,
      ),
    ).toBeNull();
  });
});
