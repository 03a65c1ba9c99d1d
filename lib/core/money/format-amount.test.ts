import { describe, expect, it } from "vitest";
import { formatAmount } from "./format-amount";

describe("formatAmount", () => {
  it("shows fiat minor units in the currency", () => {
    expect(formatAmount("iso4217/USD", "123456")).toBe("$1,234.56");
    expect(formatAmount("iso4217/JPY", "500")).toBe("¥500");
  });

  it("shows a known asset in whole units with its symbol, without floating point", () => {
    expect(formatAmount("caip19/eip155:1/slip44:60", "1500000000000000000")).toBe("1.5 ETH");
    expect(formatAmount("caip19/eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "1")).toBe(
      "0.000001 USDC",
    );
  });

  it("names a token it does not know by its smallest units and short address, never its raw id", () => {
    expect(formatAmount("caip19/eip155:10/erc20:0x4200000000000000000000000000000000000042", "7")).toBe(
      "7 units of 0x4200…0042",
    );
    expect(formatAmount("points/gold", "3")).toBe("3 points/gold");
  });
});
