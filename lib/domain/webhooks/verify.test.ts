import { describe, expect, it } from "vitest";
import { computeTollgateSignature, verifyTollgateSignature } from "./verify";

const secret = "whsec_0123456789abcdefghijABCDEFGHIJ";
const body = JSON.stringify({
  id: "evt_1",
  type: "payment.succeeded",
  data: { object: { id: "pay_1", amount: { unit: "iso4217/USD", value: "1050" } } },
});
const now = 1_800_000_000;
const header = (t: number, payload = body, key = secret) =>
  `t=${t},v1=${computeTollgateSignature(payload, key, t)}`;

describe("verifyTollgateSignature", () => {
  it("accepts a fresh signature of the exact body, as a string or as bytes", () => {
    expect(verifyTollgateSignature(body, header(now), secret, 300, now)).toBe(true);
    expect(verifyTollgateSignature(Buffer.from(body), header(now), secret, 300, now)).toBe(true);
    expect(verifyTollgateSignature(new TextEncoder().encode(body), header(now - 299), secret, 300, now)).toBe(
      true,
    );
  });

  it("signs HMAC-SHA256 of `<t>.<body>` in hex (the documented scheme)", () => {
    // Independently computed: printf '1800000000.{}' | openssl dgst -sha256 -hmac whsec_test
    expect(computeTollgateSignature("{}", "whsec_test", now)).toBe(
      "482e6337ac5272392d375c6fdc4d52a7e615dc2facedab0ffe155ddfd6a56e66",
    );
  });

  it("rejects a changed body, another secret, or a signature for another timestamp", () => {
    expect(verifyTollgateSignature(body.replace("1050", "1"), header(now), secret, 300, now)).toBe(false);
    expect(verifyTollgateSignature(body, header(now, body, "whsec_other"), secret, 300, now)).toBe(false);
    const sig = computeTollgateSignature(body, secret, now);
    expect(verifyTollgateSignature(body, `t=${now + 1},v1=${sig}`, secret, 300, now)).toBe(false);
  });

  it("rejects timestamps older or newer than the tolerance, even when correctly signed", () => {
    expect(verifyTollgateSignature(body, header(now - 301), secret, 300, now)).toBe(false);
    expect(verifyTollgateSignature(body, header(now + 301), secret, 300, now)).toBe(false);
    expect(verifyTollgateSignature(body, header(now - 3600), secret, 7200, now)).toBe(true);
  });

  it("accepts the header when any one of several v1 signatures matches (e.g. during a secret change)", () => {
    const other = computeTollgateSignature(body, "whsec_old", now);
    const good = computeTollgateSignature(body, secret, now);
    expect(verifyTollgateSignature(body, `t=${now},v1=${other},v1=${good}`, secret, 300, now)).toBe(true);
    expect(verifyTollgateSignature(body, `t=${now}, v1=${good}`, secret, 300, now)).toBe(true);
  });

  it("rejects missing or malformed headers and an empty secret", () => {
    const sig = computeTollgateSignature(body, secret, now);
    for (const bad of [
      undefined,
      null,
      "",
      `v1=${sig}`,
      `t=${now}`,
      `t=soon,v1=${sig}`,
      `t=${now},v1=${sig.slice(0, 63)}`,
      `t=${now},v1=${sig.toUpperCase()}`,
      `t=${now},v0=${sig}`,
    ]) {
      expect(verifyTollgateSignature(body, bad, secret, 300, now), String(bad)).toBe(false);
    }
    expect(verifyTollgateSignature(body, header(now, body, ""), "", 300, now)).toBe(false);
  });
});
