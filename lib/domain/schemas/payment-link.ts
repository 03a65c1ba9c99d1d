import { z } from "zod";
import { amountValueTooLarge, compareValues, parseUnit } from "@/lib/core/money/money";
import { TimestampSchema } from "@/lib/core/schemas/common";
import { checkAmount, CurrencyFieldSchema, toMinorUnits } from "@/lib/core/schemas/dashboard-money";
import { AmountUnitSchema, MinorUnitsSchema } from "./payment";
import { idSchema } from "@/lib/core/schemas/ids";

export const CreatePaymentLinkBodySchema = z
  .strictObject({
    unit: AmountUnitSchema.describe(
      "`iso4217/<currency>` or `caip19/<asset>`, as a payment's amount unit. A buyer-entered amount needs a fiat unit.",
    ),
    amountValue: MinorUnitsSchema.nullish()
      .transform((v) => v ?? null)
      .describe(
        "A fixed amount in minor units; omit it to let the buyer enter one between minValue and maxValue.",
      ),
    minValue: MinorUnitsSchema.nullish()
      .transform((v) => v ?? null)
      .describe("The least a buyer may enter (minor units); only without amountValue."),
    maxValue: MinorUnitsSchema.nullish()
      .transform((v) => v ?? null)
      .describe("The most a buyer may enter (minor units); only without amountValue."),
    referencePrefix: z
      .string()
      .trim()
      .min(1, "Enter a reference prefix.")
      .max(40)
      .regex(/^[A-Za-z0-9_.:-]+$/, "Letters, digits and _ . : - only.")
      .describe("Each minted payment's referenceId is this prefix, a dash and a random suffix."),
  })
  .superRefine((link, ctx) => {
    const unit = parseUnit(link.unit);
    if (!unit.ok) return;
    if (link.amountValue !== null) {
      if (link.minValue !== null || link.maxValue !== null)
        ctx.addIssue({
          code: "custom",
          path: ["minValue"],
          message: "Give either a fixed amount or bounds, not both.",
        });
      const tooLarge = amountValueTooLarge(unit.value, link.amountValue);
      if (tooLarge) ctx.addIssue({ code: "custom", path: ["amountValue"], message: tooLarge });
      return;
    }
    if (unit.value.kind !== "fiat")
      ctx.addIssue({
        code: "custom",
        path: ["unit"],
        message:
          "A buyer-entered amount needs a fiat unit (iso4217/...); give a fixed amountValue for an asset.",
      });
    if (link.maxValue === null)
      ctx.addIssue({
        code: "custom",
        path: ["maxValue"],
        message: "Give the most a buyer may pay, or a fixed amount.",
      });
    else {
      const tooLarge = amountValueTooLarge(unit.value, link.maxValue);
      if (tooLarge) ctx.addIssue({ code: "custom", path: ["maxValue"], message: tooLarge });
    }
    if (link.minValue !== null && link.maxValue !== null && compareValues(link.minValue, link.maxValue) > 0) {
      ctx.addIssue({ code: "custom", path: ["maxValue"], message: "Must be at least the minimum." });
    }
  });
export type CreatePaymentLinkInput = z.output<typeof CreatePaymentLinkBodySchema>;

export const PaymentLinkIdParamsSchema = z.object({ linkId: idSchema("paymentLink") });

export const PaymentLinkSchema = z
  .object({
    id: z.string().describe("Payment link identifier, `plink_` prefix."),
    merchantId: z.string(),
    unit: z.string(),
    amountValue: z.string().nullable().describe("The fixed amount; null when the buyer enters it."),
    minValue: z.string().nullable(),
    maxValue: z.string().nullable(),
    referencePrefix: z.string(),
    active: z.boolean(),
    url: z.url().describe("The public page: each buyer who continues there gets a payment of their own."),
    createdAt: TimestampSchema,
    deactivatedAt: TimestampSchema.nullable(),
  })
  .meta({ id: "PaymentLink" });
export type PaymentLinkJson = z.input<typeof PaymentLinkSchema>;

/** What a buyer sends from the link's public page. */
export const MintPaymentFormSchema = z.object({
  amount: z.string().trim().max(40).optional(),
  email: z
    .union([z.literal(""), z.email("Enter a valid email address, or leave it empty.").max(254)])
    .optional(),
});

/** The dashboard's "New payment link" form: the same link, with amounts as people write them. */
export const NewPaymentLinkFormSchema = z
  .strictObject({
    merchantId: idSchema("merchant", "Choose a merchant."),
    currency: CurrencyFieldSchema,
    kind: z.enum(["fixed", "buyer"]),
    amount: z.string().max(40).optional(),
    minAmount: z.string().max(40).optional(),
    maxAmount: z.string().max(40).optional(),
    referencePrefix: z
      .string()
      .trim()
      .min(1, "Enter a reference prefix.")
      .max(40)
      .regex(/^[A-Za-z0-9_.:-]+$/, "Letters, digits and _ . : - only."),
  })
  .superRefine((values, ctx) => {
    if (values.kind === "fixed") return checkAmount(values, "amount", ctx);
    checkAmount(values, "minAmount", ctx, false);
    checkAmount(values, "maxAmount", ctx);
  });
export type NewPaymentLinkValues = z.input<typeof NewPaymentLinkFormSchema>;

/** The form's values as the API's create body, checked again there (bounds in order, sizes). */
export function paymentLinkFromForm(
  values: z.output<typeof NewPaymentLinkFormSchema>,
): z.input<typeof CreatePaymentLinkBodySchema> {
  const minor = (text: string | undefined) => (text?.trim() ? toMinorUnits(values.currency, text) : null);
  return values.kind === "fixed"
    ? {
        unit: `iso4217/${values.currency}`,
        amountValue: minor(values.amount),
        referencePrefix: values.referencePrefix,
      }
    : {
        unit: `iso4217/${values.currency}`,
        minValue: minor(values.minAmount),
        maxValue: minor(values.maxAmount),
        referencePrefix: values.referencePrefix,
      };
}
