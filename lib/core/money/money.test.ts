import { describe, expect, it } from "vitest";
import {
  CURRENCY_EXPONENTS,
  MAX_ASSET_VALUE,
  MAX_FIAT_VALUE,
  addValues,
  amountValueTooLarge,
  compareValues,
  formatFiat,
  formatUnits,
  isCurrencyCode,
  isValidAmountValue,
  parseUnit,
  parseUnits,
  subValues,
} from "./money";

const MAX_VALUE = "9".repeat(78);

describe("currency table", () => {
  it("has the minor-unit exponents of ISO 4217", () => {
    expect(CURRENCY_EXPONENTS).toMatchObject({
      USD: 2,
      EUR: 2,
      GBP: 2,
      JPY: 0,
      CHF: 2,
      CAD: 2,
      AUD: 2,
      KWD: 3,
      BHD: 3,
      SGD: 2,
      INR: 2,
      BRL: 2,
      MXN: 2,
    });
  });

  it("only knows its own codes, not inherited object keys", () => {
    expect(isCurrencyCode("USD")).toBe(true);
    expect(isCurrencyCode("usd")).toBe(false);
    expect(isCurrencyCode("XYZ")).toBe(false);
    expect(isCurrencyCode("constructor")).toBe(false);
    expect(isCurrencyCode("__proto__")).toBe(false);
  });
});

describe("parseUnit", () => {
  it("parses fiat units with their exponent", () => {
    expect(parseUnit("iso4217/USD")).toEqual({
      ok: true,
      value: { kind: "fiat", currency: "USD", exponent: 2 },
    });
    expect(parseUnit("iso4217/JPY")).toEqual({
      ok: true,
      value: { kind: "fiat", currency: "JPY", exponent: 0 },
    });
    expect(parseUnit("iso4217/KWD")).toEqual({
      ok: true,
      value: { kind: "fiat", currency: "KWD", exponent: 3 },
    });
  });

  it("parses on-chain asset units", () => {
    expect(parseUnit("caip19/eip155:1/erc20:0x6b175474e89094c44da98b954eedeac495271d0f")).toEqual({
      ok: true,
      value: {
        kind: "asset",
        assetId: {
          chainId: { namespace: "eip155", reference: "1" },
          assetNamespace: "erc20",
          assetReference: "0x6b175474e89094c44da98b954eedeac495271d0f",
        },
      },
    });
    expect(parseUnit("caip19/eip155:1/slip44:60")).toMatchObject({
      ok: true,
      value: { kind: "asset", assetId: { assetNamespace: "slip44", assetReference: "60" } },
    });
  });

  it("rejects a malformed currency code", () => {
    for (const unit of [
      "iso4217/usd",
      "iso4217/US",
      "iso4217/USDT",
      "iso4217/",
      "iso4217/ USD",
      "iso4217/US1",
    ]) {
      expect(parseUnit(unit)).toEqual({
        ok: false,
        code: "invalid_unit",
        error: `unit must be "iso4217/" followed by a three-letter uppercase currency code, e.g. iso4217/USD (got ${JSON.stringify(unit)})`,
      });
    }
  });

  it("rejects a well-formed code it does not know", () => {
    expect(parseUnit("iso4217/XYZ")).toEqual({
      ok: false,
      code: "unknown_currency",
      error: "unit has an unsupported currency XYZ",
    });
  });

  it("rejects an invalid CAIP-19 asset with the asset's own message", () => {
    expect(parseUnit("caip19/eip155:1/erc20:0x6B175474E89094C44Da98b954EedeAC495271d0f")).toEqual({
      ok: false,
      code: "invalid_asset",
      error:
        "unit erc20 token contract has an invalid EIP-55 checksum (0x6B175474E89094C44Da98b954EedeAC495271d0f); check the address for typos",
    });
    expect(parseUnit("caip19/")).toEqual({
      ok: false,
      code: "invalid_asset",
      error: "unit must not be empty",
    });
  });

  it.each([
    "",
    "USD",
    "iso4217",
    "ISO4217/USD",
    "iso4217:USD",
    "caip19:eip155:1/slip44:60",
    "eip155:1/slip44:60",
    "/USD",
  ])("rejects the unknown scheme in %j", (unit) => {
    expect(parseUnit(unit)).toEqual({
      ok: false,
      code: "invalid_unit",
      error: `unit must start with "iso4217/" (fiat) or "caip19/" (on-chain asset), e.g. iso4217/USD (got ${JSON.stringify(unit)})`,
    });
  });
});

describe("isValidAmountValue", () => {
  it.each(["0", "1", "1050", "10", MAX_VALUE, (2n ** 256n - 1n).toString()])("accepts %s", (value) => {
    expect(isValidAmountValue(value)).toBe(true);
  });

  it.each([
    "",
    "00",
    "01",
    "-1",
    "+1",
    "1.5",
    "1,000",
    "1e3",
    "0x10",
    " 1",
    "1 ",
    "1\n",
    "1_000",
    "١٢",
    "1\u0000",
    "9".repeat(79),
  ])("rejects %j", (value) => {
    expect(isValidAmountValue(value)).toBe(false);
  });

  it("rejects non-strings", () => {
    expect(isValidAmountValue(1050)).toBe(false);
    expect(isValidAmountValue(1050n)).toBe(false);
    expect(isValidAmountValue(null)).toBe(false);
    expect(isValidAmountValue(undefined)).toBe(false);
  });
});

describe("amountValueTooLarge", () => {
  const usd = { kind: "fiat", currency: "USD", exponent: 2 } as const;
  const asset = parseUnit("caip19/eip155:1/slip44:60");
  if (!asset.ok) throw new Error("asset unit");

  it("caps fiat at MAX_FIAT_VALUE minor units", () => {
    expect(amountValueTooLarge(usd, MAX_FIAT_VALUE.toString())).toBeNull();
    expect(amountValueTooLarge(usd, (MAX_FIAT_VALUE + 1n).toString())).toBe(
      "Must be at most 999999999999999 minor units of USD ($9,999,999,999,999.99).",
    );
    expect(amountValueTooLarge(usd, MAX_VALUE)).not.toBeNull();
  });

  it("caps an asset at 2^256 - 1 in its smallest unit", () => {
    expect(amountValueTooLarge(asset.value, MAX_ASSET_VALUE.toString())).toBeNull();
    expect(amountValueTooLarge(asset.value, (MAX_ASSET_VALUE + 1n).toString())).toMatch(/2\^256 - 1/);
    expect(amountValueTooLarge(asset.value, MAX_VALUE)).not.toBeNull();
  });
});

describe("arithmetic", () => {
  it("adds exactly beyond 2^53", () => {
    expect(addValues("9007199254740993", "1")).toBe("9007199254740994");
    expect(addValues("0", "0")).toBe("0");
    expect(addValues("1050", "950")).toBe("2000");
    expect(addValues("1" + "0".repeat(76), "1" + "0".repeat(76))).toBe("2" + "0".repeat(76));
  });

  it("keeps a sum exact beyond 78 digits (totals of many amounts), and formats it", () => {
    expect(addValues(MAX_VALUE, "1")).toBe("1" + "0".repeat(78));
    expect(addValues("9".repeat(77) + "8", "1")).toBe(MAX_VALUE);
    const uint256 = (2n ** 256n - 1n).toString();
    const twice = addValues(uint256, uint256);
    expect(twice).toBe((2n * (2n ** 256n - 1n)).toString());
    expect(formatUnits(twice, 6)).toBe(`${twice.slice(0, -6)}.${twice.slice(-6).replace(/0+$/, "")}`);
    expect(formatFiat(twice, "USD").replace(/[^0-9]/g, "")).toBe(twice);
    expect(() => addValues("1".repeat(80) + "x", "1")).toThrow(TypeError);
  });

  it("subtracts down to zero but refuses to go negative", () => {
    expect(subValues("1050", "50")).toBe("1000");
    expect(subValues("1050", "1050")).toBe("0");
    expect(subValues(MAX_VALUE, "1")).toBe("9".repeat(77) + "8");
    expect(() => subValues("1050", "1051")).toThrow(new RangeError("amount value would be negative"));
    expect(() => subValues("0", "1")).toThrow(RangeError);
  });

  it("compares numerically, not as text", () => {
    expect(compareValues("9", "10")).toBe(-1);
    expect(compareValues("10", "9")).toBe(1);
    expect(compareValues("1050", "1050")).toBe(0);
    expect(compareValues("9007199254740993", "9007199254740992")).toBe(1);
  });

  it("throws on values that BigInt() would silently accept", () => {
    for (const bad of ["", " 1", "0x10", "01", "-1", "1.0"]) {
      expect(() => addValues(bad, "1")).toThrow(TypeError);
      expect(() => subValues("10", bad)).toThrow(TypeError);
      expect(() => compareValues(bad, "1")).toThrow(TypeError);
    }
  });
});

describe("formatFiat", () => {
  it("formats minor units in the currency's exponent", () => {
    expect(formatFiat("1050", "USD")).toBe("$10.50");
    expect(formatFiat("0", "USD")).toBe("$0.00");
    expect(formatFiat("7", "USD")).toBe("$0.07");
    expect(formatFiat("100", "USD")).toBe("$1.00");
    expect(formatFiat("123456", "USD")).toBe("$1,234.56");
    expect(formatFiat("1050", "JPY")).toBe("¥1,050");
    expect(formatFiat("1234567", "KWD")).toBe("KWD\u00a01,234.567");
    expect(formatFiat("5", "BHD")).toBe("BHD\u00a00.005");
  });

  it("stays exact beyond 2^53 and up to 78 digits", () => {
    expect(formatFiat("9007199254740993", "USD")).toBe("$90,071,992,547,409.93");
    expect(formatFiat("123456789012345678901234567890", "USD")).toBe(
      "$1,234,567,890,123,456,789,012,345,678.90",
    );
    const formatted = formatFiat(MAX_VALUE, "EUR");
    expect(formatted.replace(/[^0-9]/g, "")).toBe(MAX_VALUE);
    expect(formatted.endsWith(".99")).toBe(true);
  });

  it.each([
    ["en-US", "USD"],
    ["de-DE", "EUR"],
    ["fr-FR", "EUR"],
    ["en-GB", "GBP"],
    ["ja-JP", "JPY"],
    ["de-CH", "CHF"],
    ["en-IN", "INR"],
    ["pt-BR", "BRL"],
    ["ar-EG", "USD"],
    ["ar-KW", "KWD"],
  ])("matches Intl's own output in %s for %s", (locale, currency) => {
    // For small values a float is close enough to round correctly, so Intl's own formatting
    // of one is a fair reference.
    const exponent = isCurrencyCode(currency) ? CURRENCY_EXPONENTS[currency] : -1;
    for (const value of ["1050", "123456789", "3"]) {
      const reference = new Intl.NumberFormat(locale, {
        style: "currency",
        currency,
        minimumFractionDigits: exponent,
        maximumFractionDigits: exponent,
      }).format(Number(value) / 10 ** exponent);
      expect(formatFiat(value, currency, locale)).toBe(reference);
    }
  });

  it("uses the locale's separators and digits", () => {
    expect(formatFiat("123456", "EUR", "de-DE")).toBe("1.234,56\u00a0€");
    expect(formatFiat("1050", "USD", "ar-EG")).toContain("١٠٫٥٠");
    expect(formatFiat("10000000000", "INR", "en-IN")).toBe("₹10,00,00,000.00");
  });

  it("rejects unknown currencies and invalid values", () => {
    expect(() => formatFiat("1050", "XYZ")).toThrow(new RangeError('unsupported currency "XYZ"'));
    expect(() => formatFiat("1050", "usd")).toThrow(RangeError);
    expect(() => formatFiat("10.50", "USD")).toThrow(TypeError);
    expect(() => formatFiat("-1", "USD")).toThrow(TypeError);
  });
});

describe("formatUnits", () => {
  it.each([
    ["1500000000000000000", 18, "1.5"],
    ["1000000000000000000", 18, "1"],
    ["1", 18, "0.000000000000000001"],
    ["0", 18, "0"],
    ["1050", 2, "10.5"],
    ["1005", 2, "10.05"],
    ["5", 2, "0.05"],
    ["100", 2, "1"],
    ["1050", 0, "1050"],
    ["1000000", 6, "1"],
    ["1234567", 6, "1.234567"],
    [MAX_VALUE, 18, `${"9".repeat(60)}.${"9".repeat(18)}`],
  ])("formats %s with %i decimals as %s", (value, decimals, expected) => {
    expect(formatUnits(value, decimals)).toBe(expected);
  });

  it("rejects invalid values and decimals", () => {
    expect(() => formatUnits("1.5", 18)).toThrow(TypeError);
    expect(() => formatUnits("", 18)).toThrow(TypeError);
    expect(() => formatUnits("1", -1)).toThrow(RangeError);
    expect(() => formatUnits("1", 1.5)).toThrow(RangeError);
    expect(() => formatUnits("1", 256)).toThrow(RangeError);
  });
});

describe("parseUnits", () => {
  it.each([
    ["1.5", 18, "1500000000000000000"],
    ["1", 18, "1000000000000000000"],
    ["0.000000000000000001", 18, "1"],
    ["0", 18, "0"],
    ["0.0", 2, "0"],
    ["10.50", 2, "1050"],
    ["10.5", 2, "1050"],
    ["0.07", 2, "7"],
    ["1050", 0, "1050"],
    ["007.5", 2, "750"],
    // zeros past the allowed decimals change nothing, so they are accepted
    ["10.500", 2, "1050"],
    ["5.000", 0, "5"],
    ["9007199254740993", 0, "9007199254740993"],
  ])("parses %j with %i decimals as %s", (input, decimals, expected) => {
    expect(parseUnits(input, decimals)).toEqual({ ok: true, value: expected });
  });

  it("round-trips with formatUnits", () => {
    for (const value of ["1", "10", "1050", "1500000000000000000", MAX_VALUE]) {
      expect(parseUnits(formatUnits(value, 18), 18)).toEqual({ ok: true, value });
    }
  });

  it("rejects more decimal places than the unit has", () => {
    expect(parseUnits("10.505", 2)).toEqual({ ok: false, error: "amount has more than 2 decimal places" });
    expect(parseUnits("0.0000000000000000001", 18, "price")).toEqual({
      ok: false,
      error: "price has more than 18 decimal places",
    });
    expect(parseUnits("1.25", 1)).toEqual({ ok: false, error: "amount has more than 1 decimal place" });
    expect(parseUnits("10.5", 0)).toEqual({ ok: false, error: "amount must be a whole number" });
  });

  it.each([
    "",
    ".5",
    "1.",
    "-1",
    "+1",
    "1e3",
    "1,5",
    "1,000.00",
    " 1",
    "1 ",
    "0x10",
    "Infinity",
    "NaN",
    "١.٥",
    "1.5\u0000",
    "1..5",
  ])("rejects %j", (input) => {
    expect(parseUnits(input, 2)).toEqual({
      ok: false,
      error: `amount must be a decimal number such as 10.50 (got ${JSON.stringify(input)})`,
    });
  });

  it("rejects results with more than 78 digits", () => {
    expect(parseUnits("1" + "0".repeat(60), 18)).toEqual({ ok: false, error: "amount is too large" });
    expect(parseUnits(`${"9".repeat(60)}.${"9".repeat(18)}`, 18)).toEqual({ ok: true, value: MAX_VALUE });
  });

  it("rejects invalid decimals", () => {
    expect(() => parseUnits("1", -1)).toThrow(RangeError);
    expect(() => parseUnits("1", Number.NaN)).toThrow(RangeError);
  });
});
