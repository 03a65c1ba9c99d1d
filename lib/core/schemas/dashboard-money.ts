import { z } from "zod";
import { CURRENCY_EXPONENTS, isCurrencyCode, parseUnits, type CurrencyCode } from "@/lib/core/money/money";

// Dashboard forms take money as people write it ("10.50" and a currency); the API takes minor
// units. These turn one into the other, so a form's errors name the field the person typed in.

export const currencyCodes = Object.keys(CURRENCY_EXPONENTS) as CurrencyCode[];

export const CurrencyFieldSchema = z.string().refine(isCurrencyCode, "Choose a currency.");

/** "10.50" in `currency` → minor units, or null when the text is not such an amount. */
export function toMinorUnits(currency: string, amount: string): string | null {
  if (!isCurrencyCode(currency)) return null;
  const parsed = parseUnits(amount.trim(), CURRENCY_EXPONENTS[currency]);
  return parsed.ok && /^[1-9]/.test(parsed.value) ? parsed.value : null;
}

/** Checks, inside a form schema's superRefine, that `values[field]` is a positive amount of `values.currency`. */
export function checkAmount(
  values: { currency: string } & Record<string, unknown>,
  field: string,
  ctx: z.RefinementCtx,
  required = true,
) {
  const text = typeof values[field] === "string" ? (values[field] as string) : "";
  if (text.trim() === "") {
    if (required) ctx.addIssue({ code: "custom", path: [field], message: "Enter an amount." });
    return;
  }
  if (!toMinorUnits(values.currency, text)) {
    const places = isCurrencyCode(values.currency) ? CURRENCY_EXPONENTS[values.currency] : 2;
    ctx.addIssue({
      code: "custom",
      path: [field],
      message:
        places === 0
          ? "Enter a positive whole amount, e.g. 1500."
          : `Enter a positive amount with at most ${places} decimals, e.g. 10.50.`,
    });
  }
}
