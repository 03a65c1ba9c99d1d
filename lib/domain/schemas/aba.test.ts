import { describe, expect, it } from "vitest";
import { isValidRoutingNumber, routingNumberProblem } from "./aba";

describe("ABA routing numbers", () => {
  it("accepts real routing numbers", () => {
    // JPMorgan Chase NY, Bank of America CA, Wells Fargo MN, a Federal Reserve test number.
    for (const n of ["021000021", "121000358", "091000019", "011000015"])
      expect(isValidRoutingNumber(n), n).toBe(true);
  });

  it("rejects a number whose check digit is wrong, naming the checksum", () => {
    expect(routingNumberProblem("021000022")).toMatch(/check digit/);
    // Two swapped adjacent digits change the weighted sum, so a common typo is caught.
    expect(isValidRoutingNumber("201000021")).toBe(false);
  });

  it("rejects anything that is not exactly nine digits", () => {
    for (const n of ["", "02100002", "0210000210", "02100002a", " 021000021", "021-000-021"]) {
      expect(routingNumberProblem(n), JSON.stringify(n)).toBe("A routing number is exactly 9 digits.");
    }
  });
});
