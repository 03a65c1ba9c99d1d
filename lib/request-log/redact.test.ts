import { describe, expect, it } from "vitest";
import { redactBody, redacted } from "./redact";

describe("redactBody", () => {
  it.each([
    ["password", { password: "hunter2" }],
    ["a webhook secret", { secret: "whsec_abc" }],
    ["an API key in any spelling", { apiKey: "svc_test_x", api_key: "svc_test_y", "Api-Key": "svc_test_z" }],
    ["a bank account number", { accountNumber: "000123456789", routingNumber: "011000015" }],
    ["a signature field", { signature: "0xabc" }],
    ["a token", { accessToken: "t" }],
    ["a buyer's details (a Gateway confirm's collectedData)", { collectedData: { fields: [{ id: "fullName", value: "Ada Lovelace" }] } }],
  ])("replaces %s", (_, body) => {
    const out = redactBody(body) as Record<string, unknown>;
    for (const name of Object.keys(body)) expect(out[name]).toBe(redacted);
  });

  it("replaces a wallet signature wherever it is, and keeps a transaction hash", () => {
    const signature = `0x${"ab".repeat(65)}`;
    const txHash = `0x${"cd".repeat(32)}`;
    expect(redactBody({ optionId: "opt_1", results: [{ type: "walletRpc", data: [signature, txHash] }] })).toEqual({
      optionId: "opt_1",
      results: [{ type: "walletRpc", data: [redacted, txHash] }],
    });
  });

  it("keeps what helps debugging, nested too, without changing the input", () => {
    const body = { referenceId: "order-1", amount: { unit: "iso4217/USD", value: "1050" }, fiat: [{ accountHolderName: "Shop", accountNumber: "12345678" }], note: null };
    const copy = structuredClone(body);
    expect(redactBody(body)).toEqual({ referenceId: "order-1", amount: { unit: "iso4217/USD", value: "1050" }, fiat: [{ accountHolderName: "Shop", accountNumber: redacted }], note: null });
    expect(body).toEqual(copy);
  });
});
