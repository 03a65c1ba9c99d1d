import { describe, expect, it } from "vitest";
import { depositSalt, minimalProxyCode, predictDepositAddress } from "./deposit-address";

const factory = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const implementation = "0xa16E02E87b7454126E5E10d957A927A7F5B5d2be";
const merchant = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe("predictDepositAddress", () => {
  it("is EIP-1167's 55-byte creation code around the implementation", () => {
    const code = minimalProxyCode(implementation);
    expect((code.length - 2) / 2).toBe(55);
    expect(code).toContain(implementation.slice(2).toLowerCase());
  });

  it("differs by payment and by destination, and is the same every time", () => {
    const at = (paymentId: string, destination: `0x${string}` = merchant) =>
      predictDepositAddress({ factory, implementation, destination, salt: depositSalt(paymentId) });
    expect(at("pay_a")).toBe(at("pay_a"));
    expect(at("pay_a")).not.toBe(at("pay_b"));
    expect(at("pay_a")).not.toBe(at("pay_a", "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"));
    expect(at("pay_a")).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });
});
