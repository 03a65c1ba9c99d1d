import { describe, expect, it } from "vitest";
import { solanaPayReference } from "./solana-pay-reference";

describe("solanaPayReference", () => {
  it("is the same for a payment's option every time and differs between payments and options", () => {
    const ref = solanaPayReference("pay_1", "crypto_1");
    expect(ref).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(solanaPayReference("pay_1", "crypto_1")).toBe(ref);
    expect(solanaPayReference("pay_2", "crypto_1")).not.toBe(ref);
    expect(solanaPayReference("pay_1", "crypto_2")).not.toBe(ref);
  });
});
