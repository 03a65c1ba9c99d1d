import { describe, expect, it } from "vitest";
import { redactBody, redactRequestLogEntry, redacted } from "./redact";

describe("redactBody", () => {
  it.each([
    ["password", { password: "hunter2" }],
    ["a webhook secret", { secret: "whsec_abc" }],
    ["an API key in any spelling", { apiKey: "svc_test_x", api_key: "svc_test_y", "Api-Key": "svc_test_z" }],
    ["a bank account number", { accountNumber: "000123456789", routingNumber: "011000015" }],
    ["a signature field", { signature: "0xabc" }],
    ["a token", { accessToken: "t" }],
    [
      "a buyer's details (a Gateway confirm's collectedData)",
      { collectedData: { fields: [{ id: "fullName", value: "Ada Lovelace" }] } },
    ],
  ])("replaces %s", (_, body) => {
    const out = redactBody(body) as Record<string, unknown>;
    for (const name of Object.keys(body)) expect(out[name]).toBe(redacted);
  });

  it("replaces a wallet signature wherever it is, and keeps a transaction hash", () => {
    const signature = `0x${"ab".repeat(65)}`;
    const txHash = `0x${"cd".repeat(32)}`;
    expect(
      redactBody({ optionId: "opt_1", results: [{ type: "walletRpc", data: [signature, txHash] }] }),
    ).toEqual({
      optionId: "opt_1",
      results: [{ type: "walletRpc", data: [redacted, txHash] }],
    });
  });

  it("keeps what helps debugging, nested too, without changing the input", () => {
    const body = {
      referenceId: "order-1",
      amount: { unit: "iso4217/USD", value: "1050" },
      fiat: [{ accountHolderName: "Shop", accountNumber: "12345678" }],
      note: null,
    };
    const copy = structuredClone(body);
    expect(redactBody(body)).toEqual({
      referenceId: "order-1",
      amount: { unit: "iso4217/USD", value: "1050" },
      fiat: [{ accountHolderName: "Shop", accountNumber: redacted }],
      note: null,
    });
    expect(body).toEqual(copy);
  });
});

describe("redactRequestLogEntry", () => {
  const key = "svc_test_AbC123xyz789QWERTYuiop0";
  const compact = `0x${"12".repeat(64)}`;
  const full = `0x${"34".repeat(65)}`;
  const txHash = `0x${"cd".repeat(32)}`;
  const entry = (path: string, body: unknown = undefined, errorBody: unknown = undefined) =>
    redactRequestLogEntry({ path, body, errorBody });

  it.each([
    ["apiKey", `/v1/payments?apiKey=${key}`, "/v1/payments?apiKey=[redacted]"],
    ["API_KEY in capitals", `/v1/payments?API_KEY=abc&limit=5`, "/v1/payments?API_KEY=[redacted]&limit=5"],
    [
      "a token",
      "/v1/events?access_token=t0k&type=payment.succeeded",
      "/v1/events?access_token=[redacted]&type=payment.succeeded",
    ],
    ["a secret", "/v1/payments?clientSecret=s", "/v1/payments?clientSecret=[redacted]"],
    ["a password", "/v1/payments?Password=p", "/v1/payments?Password=[redacted]"],
    ["a signature", "/v1/payments?sig=abc&Signature=def", "/v1/payments?sig=[redacted]&Signature=[redacted]"],
  ])("redacts a query parameter named like %s", (_, path, expected) => {
    expect(entry(path).path).toBe(expected);
  });

  it("redacts a key, or a 64- or 65-byte signature, wherever it is in a path or query, by its shape", () => {
    expect(entry(`/v1/payments/${key}?cursor=${key}`).path).toBe("/v1/payments/[redacted]?cursor=[redacted]");
    expect(entry(`/v1/payments?q=${encodeURIComponent(`paid ${key}`)}`).path).toBe(
      "/v1/payments?q=[redacted]",
    );
    expect(entry(`/v1/gateway/payment/pay_1?x=${compact}&y=${full.slice(2)}`).path).toBe(
      "/v1/gateway/payment/pay_1?x=[redacted]&y=[redacted]",
    );
    expect(entry(`/v1/payments?${key}`).path).toBe("/v1/payments?[redacted]");
  });

  it("keeps what helps debugging: ids, filters, cursors and transaction hashes", () => {
    const path = `/v1/payments/pay_0123456789abcdefABCDEF01?status=succeeded&txId=${txHash}&limit=50&cursor=eyJpZCI6InBheV8xIn0`;
    expect(entry(path).path).toBe(path);
  });

  it("redacts by shape in bodies and error bodies, and by name in bodies only", () => {
    const out = entry(
      "/v1/gateway/payment/pay_1/confirm",
      { note: `key ${key}`, data: [compact, full, txHash] },
      { code: "params_validation", message: `bad ${key}`, details: { fields: { signature: "Required." } } },
    );
    expect(out.body).toEqual({ note: `key ${redacted}`, data: [redacted, redacted, txHash] });
    expect(out.errorBody).toEqual({
      code: "params_validation",
      message: `bad ${redacted}`,
      details: { fields: { signature: "Required." } },
    });
  });
});
