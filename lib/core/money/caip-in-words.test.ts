import { describe, expect, it } from "vitest";
import { caipInWords } from "./caip-in-words";

describe("caipInWords", () => {
  it("names a known asset by symbol and network, an unknown one by its short address", () => {
    expect(caipInWords("eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")).toBe("USDC on Base");
    expect(caipInWords("eip155:8453/erc20:0x4200000000000000000000000000000000000042")).toBe(
      "token 0x4200…0042 on Base",
    );
  });

  it("names an account by its short address and network", () => {
    expect(caipInWords("eip155:8453:0x52908400098527886E0F7030069857D2E4169EE7")).toBe("0x5290…9EE7 on Base");
  });

  it("leaves anything else alone", () => {
    expect(caipInWords("none (a new settlement)")).toBeNull();
    expect(caipInWords("https://example.com/hook")).toBeNull();
  });
});
