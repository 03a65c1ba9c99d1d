import { describe, expect, it } from "vitest";
import { paymentIdFromReference } from "./payment-reference";

describe("paymentIdFromReference", () => {
  it("takes the id from a bare id, a gatewayUrl, and the twice-encoded link WalletConnect Pay's SDK sends", () => {
    const id = "pay_abcdefghijklmnopqrstuvwx";
    const url = `https://tollgate.example/pay/${id}?returnUrl=app%3A%2F%2Fdone&preferUniversalLinks=1`;
    expect(paymentIdFromReference(id)).toBe(id);
    expect(paymentIdFromReference(url)).toBe(id);
    expect(paymentIdFromReference(encodeURIComponent(encodeURIComponent(url)))).toBe(id);
    expect(paymentIdFromReference(`https://pay.walletconnect.com/?pid=${id}`)).toBe(id);
    expect(paymentIdFromReference("http://localhost:3000/pay/pay_x/")).toBe("pay_x");
    expect(paymentIdFromReference("%E0%A4%A")).toBe("%E0%A4%A");
  });
});
