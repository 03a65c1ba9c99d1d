import { z } from "zod";
import { routingNumberProblem } from "@/lib/domain/schemas/aba";
import {
  canonicalAccountId,
  canonicalAssetId,
  formatAccountId,
  formatAssetId,
  parseAccountId,
  validateSettlement,
} from "@/lib/core/caip/caip";
import { TimestampSchema } from "@/lib/core/schemas/common";
import { MerchantIdParamsSchema, MerchantSchema } from "./merchant";
import { idSchema } from "@/lib/core/schemas/ids";

// CAIP ids are parsed here, at the edge, and leave in canonical form (EIP-55 addresses), so that
// `0xabc…` and `0xAbC…` are the same asset to the unique (merchant, asset) constraint.

const assetText = z
  .string()
  .max(300)
  .describe(
    "CAIP-19 asset type, e.g. `eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913` or `eip155:1/slip44:60`.",
  );
const destinationText = z
  .string()
  .max(300)
  .describe("CAIP-10 account id of the wallet that receives the funds, on the asset's chain.");

const CryptoSettlementInputSchema = z
  .strictObject({ asset: assetText, destination: destinationText })
  .transform((entry, ctx) => {
    const result = validateSettlement(entry.asset, entry.destination);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", path: [result.field], message: result.error });
      return z.NEVER;
    }
    return {
      asset: formatAssetId(canonicalAssetId(result.value.asset)),
      destination: formatAccountId(canonicalAccountId(result.value.destination)),
    };
  });

export const maxSettlementsPerRequest = 50;

export const RegisterCryptoSettlementsBodySchema = z.strictObject({
  settlements: z
    .array(CryptoSettlementInputSchema)
    .min(1, "Send at least one settlement.")
    .max(maxSettlementsPerRequest, `At most ${maxSettlementsPerRequest} settlements per request.`)
    .describe("Registered all together or not at all."),
});
export type RegisterCryptoSettlementsInput = z.output<typeof RegisterCryptoSettlementsBodySchema>;

export const UpdateCryptoSettlementBodySchema = z.strictObject({
  destination: destinationText.transform((value, ctx) => {
    const parsed = parseAccountId(value, "destination");
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }
    return formatAccountId(canonicalAccountId(parsed.value));
  }),
});
export type UpdateCryptoSettlementInput = z.output<typeof UpdateCryptoSettlementBodySchema>;

export const SettlementsParamsSchema = MerchantIdParamsSchema;
export const CryptoSettlementParamsSchema = MerchantIdParamsSchema.extend({
  id: idSchema("cryptoSettlement").describe("Crypto settlement id, `crypto_` prefix."),
});
/** The dashboard's settlement actions name the settlement beside its merchant. */
export const CryptoSettlementRefInputSchema = MerchantIdParamsSchema.extend({
  settlementId: idSchema("cryptoSettlement"),
});
export const FiatSettlementRefInputSchema = MerchantIdParamsSchema.extend({
  settlementId: idSchema("fiatSettlement"),
});

export const FiatSettlementSchema = z
  .object({
    id: z.string().describe("Fiat settlement id, `fiat_` prefix."),
    status: z.string().meta({ examples: ["active"] }),
    bankType: z.string().meta({ examples: ["ACH"] }),
    accountHolderName: z.string(),
    accountNumberLast4: z
      .string()
      .describe("The last four digits; the full account number is never returned."),
    accountType: z.string().meta({ examples: ["checking", "savings"] }),
    routingNumber: z.string(),
    createdAt: TimestampSchema,
  })
  .meta({ id: "FiatSettlement" });
export type FiatSettlementJson = z.input<typeof FiatSettlementSchema>;

export const CryptoSettlementSchema = z
  .object({
    id: z.string().describe("Crypto settlement id, `crypto_` prefix."),
    asset: z.string().describe("CAIP-19 asset type (EIP-55 checksummed contract address on EVM chains)."),
    destination: z
      .string()
      .describe("CAIP-10 destination wallet on the asset's chain (EIP-55 checksummed on EVM chains)."),
    createdAt: TimestampSchema,
  })
  .meta({ id: "CryptoSettlement" });
export type CryptoSettlementJson = z.input<typeof CryptoSettlementSchema>;

export const SettlementsListSchema = z.object({
  fiat: z.array(FiatSettlementSchema),
  crypto: z.array(CryptoSettlementSchema),
});
/** A merchant with its settlement destinations, as WalletConnect Pay's "get merchant" answers it. */
export const MerchantWithSettlementsEnvelopeSchema = z.object({
  merchant: MerchantSchema.extend({ settlements: SettlementsListSchema }),
});
export const DestinationWarningSchema = z
  .object({
    path: z.string().describe("The request field the warning is about, e.g. `settlements.0.destination`."),
    code: z.enum(["unknown_asset", "unverified_chain"]),
    message: z.string(),
  })
  .meta({ id: "DestinationWarning" });
const warnings = z
  .array(DestinationWarningSchema)
  .optional()
  .describe(
    "Present when something about a destination is unusual but may be intended; the settlement was saved.",
  );
// WalletConnect Pay's names for the same settlements beside ours: `settlements` for the registered
// ones, the updated one's fields at the top level.
export const CryptoSettlementsEnvelopeSchema = z.object({
  crypto: z.array(CryptoSettlementSchema),
  settlements: z.array(CryptoSettlementSchema).describe("The same as crypto (WalletConnect Pay's name)."),
  warnings,
});
export const CryptoSettlementEnvelopeSchema = CryptoSettlementSchema.extend({
  crypto: CryptoSettlementSchema,
});

// Fiat (ACH) settlement. The account number is write-only: stored encrypted, shown as its last four digits.
export const CreateFiatSettlementBodySchema = z.strictObject({
  accountHolderName: z
    .string()
    .trim()
    .min(1, "Enter the account holder's name.")
    .max(200, "At most 200 characters."),
  routingNumber: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = routingNumberProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .describe("9-digit ABA routing number."),
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9]{4,17}$/, "An account number is 4 to 17 digits."),
  accountType: z.enum(["checking", "savings"], "Choose checking or savings."),
});
export type CreateFiatSettlementInput = z.output<typeof CreateFiatSettlementBodySchema>;

// Pointing money somewhere else needs fresh re-authentication (lib/domain/auth/fresh-auth.ts), checked in the action.
export const ChangeCryptoDestinationBodySchema = UpdateCryptoSettlementBodySchema;
