// Amounts are a unit plus a string of digits; arithmetic is BigInt only, never floating point.
// Fiat `value` counts minor units (USD "1050" is $10.50); on-chain `value` counts the asset's
// smallest unit.
import { parseAssetId, type Caip19, type Result } from "@/lib/core/caip/caip";

export type Amount = { unit: string; value: string };

/** ISO 4217 codes we accept, with their minor-unit exponents. */
export const CURRENCY_EXPONENTS = {
  AED: 2,
  AUD: 2,
  BHD: 3,
  BRL: 2,
  CAD: 2,
  CHF: 2,
  CNY: 2,
  CZK: 2,
  DKK: 2,
  EUR: 2,
  GBP: 2,
  HKD: 2,
  INR: 2,
  JOD: 3,
  JPY: 0,
  KRW: 0,
  KWD: 3,
  MXN: 2,
  NOK: 2,
  NZD: 2,
  OMR: 3,
  PLN: 2,
  SEK: 2,
  SGD: 2,
  USD: 2,
  ZAR: 2,
} as const satisfies Record<string, number>;

export type CurrencyCode = keyof typeof CURRENCY_EXPONENTS;

export function isCurrencyCode(code: string): code is CurrencyCode {
  return Object.hasOwn(CURRENCY_EXPONENTS, code);
}

// ---------------------------------------------------------------------------------------------
// Units

export type ParsedUnit =
  | { kind: "fiat"; currency: CurrencyCode; exponent: number }
  | { kind: "asset"; assetId: Caip19 };

export type UnitErrorCode = "invalid_unit" | "unknown_currency" | "invalid_asset";
export type UnitResult = { ok: true; value: ParsedUnit } | { ok: false; code: UnitErrorCode; error: string };

/** Parses `iso4217/<CODE>` or `caip19/<CAIP-19 asset id>`. */
export function parseUnit(unit: string): UnitResult {
  const slash = unit.indexOf("/");
  const scheme = slash === -1 ? "" : unit.slice(0, slash);
  const rest = unit.slice(slash + 1);

  if (scheme === "iso4217") {
    if (!/^[A-Z]{3}$/.test(rest)) {
      return {
        ok: false,
        code: "invalid_unit",
        error: `unit must be "iso4217/" followed by a three-letter uppercase currency code, e.g. iso4217/USD (got ${JSON.stringify(unit)})`,
      };
    }
    if (!isCurrencyCode(rest)) {
      return { ok: false, code: "unknown_currency", error: `unit has an unsupported currency ${rest}` };
    }
    return { ok: true, value: { kind: "fiat", currency: rest, exponent: CURRENCY_EXPONENTS[rest] } };
  }
  if (scheme === "caip19") {
    const asset = parseAssetId(rest, "unit");
    if (!asset.ok) return { ok: false, code: "invalid_asset", error: asset.error };
    return { ok: true, value: { kind: "asset", assetId: asset.value } };
  }
  return {
    ok: false,
    code: "invalid_unit",
    error: `unit must start with "iso4217/" (fiat) or "caip19/" (on-chain asset), e.g. iso4217/USD (got ${JSON.stringify(unit.length > 80 ? `${unit.slice(0, 80)}…` : unit)})`,
  };
}

// ---------------------------------------------------------------------------------------------
// Values

export const MAX_VALUE_DIGITS = 78; // enough for any uint256

/** The largest amount of an on-chain asset: a uint256 in its smallest unit. */
export const MAX_ASSET_VALUE = 2n ** 256n - 1n;
/**
 * The largest fiat amount, in minor units (USD 9,999,999,999,999.99; JPY 999 trillion): far above
 * any real order, and small enough that its quote in any asset stays within a uint256.
 */
export const MAX_FIAT_VALUE = 10n ** 15n - 1n;

const VALUE = /^(0|[1-9][0-9]{0,77})$/;
const DIGITS = /^(0|[1-9][0-9]*)$/;

/** Digits only, no sign or decimal point, no leading zeros (except "0"), at most 78 digits. */
export function isValidAmountValue(value: unknown): value is string {
  return typeof value === "string" && VALUE.test(value);
}

/** Why `value` is too large for `unit`, or null when it fits (fiat: MAX_FIAT_VALUE, assets: a uint256). */
export function amountValueTooLarge(unit: ParsedUnit, value: string): string | null {
  if (!DIGITS.test(value)) return null;
  if (unit.kind === "fiat") {
    if (BigInt(value) <= MAX_FIAT_VALUE) return null;
    return `Must be at most ${MAX_FIAT_VALUE} minor units of ${unit.currency} (${formatFiat(MAX_FIAT_VALUE.toString(), unit.currency)}).`;
  }
  return BigInt(value) <= MAX_ASSET_VALUE
    ? null
    : `Must be at most ${MAX_ASSET_VALUE} (2^256 - 1), the largest amount of an on-chain asset.`;
}

// BigInt() also accepts "", " 1 " and "0x10", so validate first. Sums of many amounts may exceed
// one amount's bounds, so arithmetic and formatting take digits of any length.
function toBigInt(value: string): bigint {
  if (!DIGITS.test(value)) throw new TypeError(`invalid amount value ${JSON.stringify(value.slice(0, 100))}`);
  return BigInt(value);
}

function fromBigInt(n: bigint): string {
  if (n < 0n) throw new RangeError("amount value would be negative");
  return n.toString();
}

export function addValues(a: string, b: string): string {
  return fromBigInt(toBigInt(a) + toBigInt(b));
}

/** `a - b`; throws a RangeError rather than go below zero. */
export function subValues(a: string, b: string): string {
  return fromBigInt(toBigInt(a) - toBigInt(b));
}

export function compareValues(a: string, b: string): -1 | 0 | 1 {
  const x = toBigInt(a);
  const y = toBigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------
// Formatting

/**
 * Formats minor units as a localized currency string, e.g. ("1050", "USD") → "$10.50".
 * Intl formats the BigInt integer part; the exact fraction digits are spliced in, so no value
 * ever passes through a float.
 */
export function formatFiat(value: string, currency: string, locale = "en-US"): string {
  if (!isCurrencyCode(currency)) throw new RangeError(`unsupported currency ${JSON.stringify(currency)}`);
  const exponent = CURRENCY_EXPONENTS[currency];
  const scale = 10n ** BigInt(exponent);
  const n = toBigInt(value);
  const integer = n / scale;
  const fraction = n % scale;

  const parts = new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  }).formatToParts(integer);
  if (exponent === 0) return parts.map((p) => p.value).join("");

  // Locale digits (e.g. Arabic-Indic), zero-padded to the exponent.
  const fractionDigits = new Intl.NumberFormat(locale, {
    useGrouping: false,
    minimumIntegerDigits: exponent,
  }).format(fraction);
  return parts.map((p) => (p.type === "fraction" ? fractionDigits : p.value)).join("");
}

function checkDecimals(decimals: number): void {
  if (!Number.isSafeInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new RangeError(`decimals must be an integer from 0 to 255 (got ${decimals})`);
  }
}

/** Smallest units to a plain decimal string: ("1500000000000000000", 18) → "1.5". */
export function formatUnits(value: string, decimals: number): string {
  checkDecimals(decimals);
  toBigInt(value);
  if (decimals === 0) return value;
  const padded = value.padStart(decimals + 1, "0");
  const integer = padded.slice(0, -decimals);
  const fraction = padded.slice(-decimals).replace(/0+$/, "");
  return fraction === "" ? integer : `${integer}.${fraction}`;
}

/**
 * A plain decimal string to smallest units: ("1.5", 18) → "1500000000000000000". Rejects
 * signs, exponents, separators, whitespace and digits beyond `decimals` that are not zero.
 * `field` names the input in error messages.
 */
export function parseUnits(input: string, decimals: number, field = "amount"): Result<string> {
  checkDecimals(decimals);
  const match = /^([0-9]+)(?:\.([0-9]+))?$/.exec(input);
  if (!match) {
    return {
      ok: false,
      error: `${field} must be a decimal number such as 10.50 (got ${JSON.stringify(input.length > 80 ? `${input.slice(0, 80)}…` : input)})`,
    };
  }
  const integer = match[1] ?? "";
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > decimals) {
    return {
      ok: false,
      error:
        decimals === 0
          ? `${field} must be a whole number`
          : `${field} has more than ${decimals} decimal place${decimals === 1 ? "" : "s"}`,
    };
  }
  const value = BigInt(integer + fraction.padEnd(decimals, "0")).toString();
  if (value.length > MAX_VALUE_DIGITS) {
    return { ok: false, error: `${field} is too large` };
  }
  return { ok: true, value };
}
