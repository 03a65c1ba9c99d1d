import { z } from "zod";
import { HttpsUrl, Timestamp } from "./common";

const name = z.string().trim().min(1, "Enter a name.").max(200, "At most 200 characters.");
const email = z.email("Enter a valid email address.").trim().max(254);

export const CreateMerchantBody = z.strictObject({
  merchantName: name,
  merchantEmail: email,
  iconUrl: HttpsUrl.optional(),
});
export type CreateMerchantInput = z.output<typeof CreateMerchantBody>;

export const UpdateMerchantBody = z
  .strictObject({
    merchantName: name.optional(),
    merchantEmail: email.optional(),
    iconUrl: HttpsUrl.nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Send at least one of merchantName, merchantEmail, iconUrl.");
export type UpdateMerchantInput = z.output<typeof UpdateMerchantBody>;

export const MerchantIdParams = z.object({ merchantId: z.string().min(1).max(64) });

export const Merchant = z
  .object({
    id: z.string().describe("Merchant identifier, `mrch_` prefix."),
    name: z.string(),
    email: z.string(),
    status: z.enum(["active"]),
    iconUrl: z.string().nullable(),
    createdAt: Timestamp,
  })
  .meta({ id: "Merchant" });
export type MerchantJson = z.input<typeof Merchant>;

export const MerchantEnvelope = z.object({ merchant: Merchant });
