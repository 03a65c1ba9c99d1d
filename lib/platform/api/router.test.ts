import { describe, expect, it } from "vitest";
import { operations } from "./operations";
import { createRouter } from "./router";

const route = createRouter(operations);

describe("the /v1 router", () => {
  it("finds each declared operation with its path parameters", () => {
    const m = route("GET", "/v1/payments/pay_123/status");
    expect(m).toMatchObject({ kind: "operation", params: { paymentId: "pay_123" } });
    expect(m.kind === "operation" && m.operation.id).toBe("Payments_status");
    const s = route("PUT", "/v1/merchants/mrch_1/settlements/crypto/crypto_2");
    expect(s.kind === "operation" && s.params).toEqual({ merchantId: "mrch_1", id: "crypto_2" });
    expect(route("POST", "/v1/merchant/payment")).toMatchObject({ kind: "operation" });
  });

  it("tells a wrong method from an unknown path", () => {
    expect(route("PUT", "/v1/payments")).toEqual({ kind: "method_not_allowed", allowed: ["GET", "POST"] });
    expect(route("GET", "/v1/nothing")).toEqual({ kind: "not_found" });
    expect(route("GET", "/v1/payments/a/b/status")).toEqual({ kind: "not_found" });
  });

  it("has a route for every operation", () => {
    for (const op of operations) {
      const path = op.path.replace(/\{\w+\}/g, "x");
      const m = route(op.method, path);
      expect(m.kind === "operation" && m.operation.id, `${op.method} ${op.path}`).toBe(op.id);
    }
  });
});
