import { z } from "zod";
import { HttpsUrl, Timestamp } from "./common";

const name = z.string().trim().min(1, "Enter a name.").max(200, "At most 200 characters.");
const email = z.email("Enter a valid email address.").trim().max(254);

const tolerance = z
  .number({ error: "Enter a whole number of basis points." })
  .int("Enter a whole number of basis points.")
  .min(0, "At least 0.")
  .max(1000, "At most 1000 (10%).")
  .describe("A buyer's shortfall up to this many basis points (1/100 of a percent) of the quote still pays the payment, recorded as an underpaid exception within tolerance. 0 (the default) accepts no shortfall.");

export const CreateMerchantBody = z.strictObject({
  merchantName: name,
  merchantEmail: email,
  iconUrl: HttpsUrl.optional(),
  underpaymentToleranceBps: tolerance.optional(),
});
export type CreateMerchantInput = z.output<typeof CreateMerchantBody>;

export const UpdateMerchantBody = z
  .strictObject({
    merchantName: name.optional(),
    merchantEmail: email.optional(),
    iconUrl: HttpsUrl.nullable().optional(),
    underpaymentToleranceBps: tolerance.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Send at least one of merchantName, merchantEmail, iconUrl, underpaymentToleranceBps.");
export type UpdateMerchantInput = z.output<typeof UpdateMerchantBody>;

export const MerchantIdParams = z.object({ merchantId: z.string().min(1).max(64) });

export const Merchant = z
  .object({
    id: z.string().describe("Merchant identifier, `mrch_` prefix."),
    name: z.string(),
    email: z.string(),
    status: z.enum(["active"]),
    iconUrl: z.string().nullable(),
    underpaymentToleranceBps: z.number().int().describe("See the create body."),
    createdAt: Timestamp,
  })
  .meta({ id: "Merchant" });
export type MerchantJson = z.input<typeof Merchant>;

export const MerchantEnvelope = z.object({ merchant: Merchant });
