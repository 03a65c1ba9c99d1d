import { z } from "zod";
import { AmountInputSchema, AmountSchema } from "./payment";

// Information capture as WalletConnect Pay defines it (`collectData` on options, `collectedData` on
// confirm): the buyer details a merchant must collect, e.g. for the Travel Rule. The ids, names,
// types and value rules are WalletConnect's (their CollectData schema), so their wallets can fill them.
export const collectFields = [
  {
    id: "fullName",
    name: "Full name",
    type: "text",
    schema: {
      type: "string",
      minLength: 1,
      maxLength: 200,
      title: "Full Name",
      description: "The buyer's full legal name",
    },
  },
  {
    id: "dob",
    name: "Date of birth",
    type: "date",
    schema: {
      type: "string",
      format: "date",
      title: "Date of Birth",
      description: "Date of birth in YYYY-MM-DD format",
    },
  },
  {
    id: "porAddress",
    name: "Address of residence",
    type: "text",
    schema: {
      type: "string",
      minLength: 1,
      maxLength: 200,
      title: "Place of Residence Address",
      description: "Street address, city and state",
    },
  },
  {
    id: "porCountry",
    name: "Country of residence",
    type: "text",
    schema: {
      type: "string",
      pattern: "^[A-Z]{2}$",
      title: "Place of Residence Country",
      description: "ISO 3166-1 alpha-2 country code",
    },
  },
  {
    id: "pobAddress",
    name: "Place of birth",
    type: "text",
    schema: {
      type: "string",
      minLength: 1,
      maxLength: 200,
      title: "Place of Birth Address",
      description: "City and state of birth",
    },
  },
  {
    id: "pobCountry",
    name: "Country of birth",
    type: "text",
    schema: {
      type: "string",
      pattern: "^[A-Z]{2}$",
      title: "Place of Birth Country",
      description: "ISO 3166-1 alpha-2 country code",
    },
  },
] as const;
export const collectFieldIds = collectFields.map((f) => f.id) as [CollectFieldId, ...CollectFieldId[]];
export type CollectFieldId = (typeof collectFields)[number]["id"];

const fieldValue: Record<CollectFieldId, z.ZodType<string>> = {
  fullName: z.string().trim().min(1, "Required.").max(200),
  dob: z.iso.date("A date as YYYY-MM-DD."),
  porAddress: z.string().trim().min(1, "Required.").max(200),
  porCountry: z.string().regex(/^[A-Z]{2}$/, "A two-letter country code such as US."),
  pobAddress: z.string().trim().min(1, "Required.").max(200),
  pobCountry: z.string().regex(/^[A-Z]{2}$/, "A two-letter country code such as US."),
};

/** What a merchant asks for: which details, and from which amount (every payment without one). */
export const CollectDataInputSchema = z
  .strictObject({
    fields: z
      .array(z.enum(collectFieldIds))
      .min(1, "Choose at least one detail to collect.")
      .max(collectFields.length)
      .transform((ids) => [...new Set(ids)]),
    minAmount: AmountInputSchema.nullish().describe(
      "Collect for payments of at least this amount in its unit (payments in another unit always collect); every payment when null.",
    ),
  })
  .nullable()
  .describe(
    "Buyer details wallets must send with confirm (WalletConnect Pay's information capture); null collects none.",
  );
export type CollectDataInput = z.output<typeof CollectDataInputSchema>;

export const MerchantCollectDataSchema = z
  .object({ fields: z.array(z.enum(collectFieldIds)), minAmount: AmountSchema.nullable() })
  .nullable()
  .describe("The buyer details wallets must send with confirm, from which amount; null when none.");

/** WalletConnect Pay's CollectData, on options when the payment needs the buyer's details. */
export const CollectDataSchema = z
  .object({
    fields: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        type: z.enum(["text", "date", "checkbox"]),
        required: z.boolean(),
      }),
    ),
    schema: z
      .record(z.string(), z.unknown())
      .describe("JSON Schema of the details, as WalletConnect Pay gives it."),
    url: z
      .string()
      .describe(
        "The hosted form that takes the buyer's details (a wallet opens it in a web view; `?prefill=` base64 JSON fills it).",
      ),
  })
  .meta({ id: "CollectData" });

/** `collectedData` as wallets send it: WalletConnect's `{fields: [{id, value}]}`, or the bare list. */
export const CollectedDataBodySchema = z
  .union([
    z.object({ fields: z.array(z.object({ id: z.string().max(64), value: z.string().max(1000) })).max(20) }),
    z.array(z.object({ id: z.string().max(64), value: z.string().max(1000) })).max(20),
  ])
  .transform((v) => (Array.isArray(v) ? v : v.fields))
  .nullish();

/** The details `required` asks for, from what a wallet sent: each missing or malformed one named. */
export function checkCollectedData(
  required: readonly CollectFieldId[],
  sent: { id: string; value: string }[],
): { values: Partial<Record<CollectFieldId, string>>; problems: Record<string, string> } {
  const values: Partial<Record<CollectFieldId, string>> = {};
  const problems: Record<string, string> = {};
  for (const id of required) {
    const parsed = fieldValue[id].safeParse(sent.find((f) => f.id === id)?.value ?? "");
    if (parsed.success) values[id] = parsed.data;
    else
      problems[`collectedData.${id}`] = sent.some((f) => f.id === id)
        ? (parsed.error.issues[0]?.message ?? "Invalid.")
        : "Required.";
  }
  return { values, problems };
}

const detailText = z.string().max(1000).optional();

/**
 * The hosted details form (`/pay/{id}/details`) as the buyer's browser posts it: each detail's
 * text, checked afterwards by checkCollectedData as confirm's are, and the consent box.
 */
export const BuyerDetailsFormSchema = z
  .object({
    fullName: detailText,
    dob: detailText,
    porAddress: detailText,
    porCountry: detailText,
    pobAddress: detailText,
    pobCountry: detailText,
    accept: z.literal("yes").optional(),
  } satisfies Record<CollectFieldId | "accept", z.ZodType>)
  .transform(({ accept, ...details }) => ({
    accepted: accept === "yes",
    // A blank input is a detail not given ("Required."), as a wallet's missing field is.
    sent: Object.entries(details).flatMap(([id, value]) => (value?.trim() ? [{ id, value }] : [])),
  }));
