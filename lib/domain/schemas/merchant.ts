import { z } from "zod";
import { accentPattern } from "@/lib/domain/branding/accent-color";
import { CollectDataInputSchema, MerchantCollectDataSchema } from "./collect-data";
import { HttpsUrlSchema, page, ReturnOriginsSchema, TimestampSchema } from "@/lib/core/schemas/common";
import { idSchema } from "@/lib/core/schemas/ids";

const name = z.string().trim().min(1, "Enter a name.").max(200, "At most 200 characters.");
const email = z.email("Enter a valid email address.").trim().max(254);

const tolerance = z
  .number({ error: "Enter a whole number of basis points." })
  .int("Enter a whole number of basis points.")
  .min(0, "At least 0.")
  .max(1000, "At most 1000 (10%).")
  .describe(
    "A buyer's shortfall up to this many basis points (1/100 of a percent) of the quote still pays the payment, recorded as an underpaid exception within tolerance. 0 (the default) accepts no shortfall.",
  );

const accentColor = z
  .string()
  .trim()
  .toLowerCase()
  .regex(accentPattern, "Enter a colour as #rrggbb, e.g. #4f46e5.")
  .describe(
    "The checkout's accent colour (buttons, the initial badge), `#rrggbb`. Text drawn on it is white or dark, whichever contrasts more, so it stays readable.",
  );

const supportContact = z
  .string()
  .trim()
  .max(2048, "At most 2048 characters.")
  .refine(
    (v) => z.email().safeParse(v).success || HttpsUrlSchema.safeParse(v).success,
    "Enter an email address or an https:// URL.",
  )
  .describe(
    "Where buyers ask for help, shown on the checkout, payment link and receipt pages: an email address or an https URL.",
  );

export const CreateMerchantBodySchema = z.strictObject({
  merchantName: name,
  merchantEmail: email,
  iconUrl: HttpsUrlSchema.optional().describe(
    "The merchant's icon, shown on the checkout and sent to wallets as WalletConnect's `iconUrl`; https only.",
  ),
  accentColor: accentColor.optional(),
  supportContact: supportContact.optional(),
  underpaymentToleranceBps: tolerance.optional(),
  allowedReturnOrigins: ReturnOriginsSchema.optional(),
  collectData: CollectDataInputSchema.optional(),
});
export type CreateMerchantInput = z.output<typeof CreateMerchantBodySchema>;

export const UpdateMerchantBodySchema = z
  .strictObject({
    merchantName: name.optional(),
    merchantEmail: email.optional(),
    iconUrl: HttpsUrlSchema.nullable().optional(),
    accentColor: accentColor.nullable().optional(),
    supportContact: supportContact.nullable().optional(),
    underpaymentToleranceBps: tolerance.optional(),
    allowedReturnOrigins: ReturnOriginsSchema.optional(),
    collectData: CollectDataInputSchema.optional(),
  })
  .refine(
    (v) => Object.values(v).some((x) => x !== undefined),
    "Send at least one of merchantName, merchantEmail, iconUrl, accentColor, supportContact, underpaymentToleranceBps, allowedReturnOrigins, collectData.",
  );
export type UpdateMerchantInput = z.output<typeof UpdateMerchantBodySchema>;

export const MerchantIdParamsSchema = z.object({ merchantId: idSchema("merchant") });

export const MerchantSchema = z
  .object({
    id: z.string().describe("Merchant identifier, `mrch_` prefix."),
    name: z.string(),
    email: z.string(),
    status: z.enum(["active"]),
    iconUrl: z.string().nullable(),
    accentColor: z.string().nullable().describe("`#rrggbb`, or null for Tollgate's own."),
    supportContact: z.string().nullable().describe("An email address or an https URL, or null."),
    underpaymentToleranceBps: z.number().int().describe("See the create body."),
    allowedReturnOrigins: z.array(z.string()).describe("See the create body."),
    collectData: MerchantCollectDataSchema,
    createdAt: TimestampSchema,
  })
  .meta({ id: "Merchant" });
export type MerchantJson = z.input<typeof MerchantSchema>;

export const MerchantEnvelopeSchema = z.object({ merchant: MerchantSchema });
/** The merchants list, with WalletConnect Pay's `merchants` and `totalCount` beside our page. */
export const MerchantsPageSchema = page(MerchantSchema).extend({
  merchants: z.array(MerchantSchema).describe("The same as data (WalletConnect Pay's name)."),
  totalCount: z.number().int().describe("How many merchants the account has in this mode, over every page."),
});
