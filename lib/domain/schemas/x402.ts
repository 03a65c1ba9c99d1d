import { z } from "zod";

// x402 version 2 (the x402 Foundation's specification and its npm packages @x402/*): what a
// resource server or an agent sends Tollgate as its facilitator, and what Tollgate answers. Field
// names are the specification's; unknown fields are tolerated, as the protocol grows by adding them.

const extra = z.record(z.string(), z.unknown()).nullish();

export const X402RequirementsSchema = z
  .object({
    scheme: z.string().min(1).max(64).describe("`exact` is the scheme Tollgate settles."),
    network: z.string().min(3).max(100).describe("CAIP-2 chain id, e.g. `eip155:8453`."),
    amount: z
      .string()
      .regex(/^\d{1,78}$/, "A whole number of the asset's smallest unit.")
      .describe("In the asset's smallest unit."),
    asset: z.string().min(1).max(200).describe("The token's contract address."),
    payTo: z
      .string()
      .min(1)
      .max(200)
      .describe(
        "The merchant's destination address: one of the Merchant-Id merchant's crypto settlements for this asset.",
      ),
    maxTimeoutSeconds: z.number().positive(),
    extra: extra.describe("For EIP-3009 tokens: the token's EIP-712 `name` and `version`."),
  })
  .meta({ id: "X402PaymentRequirements" });

export const X402ResourceSchema = z
  .object({
    url: z.string().min(1).max(2048),
    description: z.string().max(2000).nullish(),
    mimeType: z.string().max(200).nullish(),
  })
  .meta({ id: "X402Resource" });

export const X402PaymentPayloadSchema = z
  .object({
    x402Version: z.number().int(),
    resource: X402ResourceSchema.nullish(),
    accepted: X402RequirementsSchema,
    payload: z
      .record(z.string(), z.unknown())
      .describe(
        "For `exact` on EVM: `signature` and the EIP-3009 `authorization` (from, to, value, validAfter, validBefore, nonce).",
      ),
    extensions: extra,
  })
  .meta({ id: "X402PaymentPayload" });
export type X402PaymentPayload = z.output<typeof X402PaymentPayloadSchema>;
export type X402Requirements = z.output<typeof X402RequirementsSchema>;

export const X402FacilitatorBodySchema = z
  .object({
    x402Version: z.number().int(),
    paymentPayload: X402PaymentPayloadSchema,
    paymentRequirements: X402RequirementsSchema,
  })
  .meta({ id: "X402FacilitatorRequest" });

export const X402VerifyResponseSchema = z
  .object({
    isValid: z.boolean(),
    invalidReason: z
      .string()
      .optional()
      .describe("The specification's reason, e.g. `invalid_exact_evm_payload_authorization_value_mismatch`."),
    invalidMessage: z.string().optional(),
    payer: z.string().optional(),
  })
  .meta({ id: "X402VerifyResponse" });

export const X402SettleResponseSchema = z
  .object({
    success: z.boolean(),
    errorReason: z.string().optional(),
    errorMessage: z.string().optional(),
    payer: z.string().optional(),
    transaction: z
      .string()
      .describe("The transaction hash (`test:<payment id>` in test mode); empty when nothing was settled."),
    network: z.string(),
    amount: z.string().optional(),
    extra: z
      .object({ paymentId: z.string() })
      .optional()
      .describe("The Tollgate payment the settlement became."),
  })
  .meta({ id: "X402SettleResponse" });
export type X402SettleResponse = z.output<typeof X402SettleResponseSchema>;

export const X402SupportedResponseSchema = z
  .object({
    kinds: z.array(z.object({ x402Version: z.number().int(), scheme: z.string(), network: z.string() })),
    extensions: z.array(z.string()),
    signers: z
      .record(z.string(), z.array(z.string()))
      .describe("The relayer that pays the gas, per network (none in test mode: nothing is submitted)."),
  })
  .meta({ id: "X402SupportedResponse" });
