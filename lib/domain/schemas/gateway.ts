import { z } from "zod";
import { CollectDataSchema, CollectedDataBodySchema } from "./collect-data";
import { MaxPollMsSchema, paymentStatuses } from "./payment";

// The wallet side of the interface, shaped field for field as WalletConnect Pay's Gateway
// (OpenAPI 2026-02-19.preview), so wallets built for it work with only another base URL.

export const GatewayPaymentParamsSchema = z.object({
  // A payment id, or the whole gateway link a wallet was handed (its last path segment is the id).
  paymentId: z.string().min(1).max(2048).describe("Payment id (`pay_…`), or the payment's gatewayUrl."),
});

export const AmountDisplaySchema = z
  .object({
    assetSymbol: z.string(),
    assetName: z.string(),
    decimals: z.number().int().min(0),
    iconUrl: z.string().nullable().optional(),
    networkIconUrl: z.string().nullable().optional(),
    networkName: z.string().nullable().optional(),
  })
  .meta({ id: "AmountDisplay" });

export const GatewayAmountSchema = z
  .object({ unit: z.string(), value: z.string(), display: AmountDisplaySchema })
  .meta({ id: "GatewayAmount" });

export const GatewayPaymentSchema = z
  .object({
    status: z.enum(paymentStatuses),
    amount: GatewayAmountSchema,
    expiresAt: z.number().int().describe("Unix seconds."),
    merchant: z.object({ name: z.string(), iconUrl: z.string().nullable().optional() }),
    buyer: z
      .object({
        accountCaip10: z.string(),
        accountProviderName: z.string(),
        accountProviderIcon: z.string().nullable().optional(),
      })
      .nullable()
      .optional(),
  })
  .meta({ id: "GatewayPayment" });

export const WalletRpcActionSchema = z
  .object({
    type: z.literal("walletRpc"),
    data: z.object({
      chain_id: z.string(),
      method: z.enum(["eth_signTypedData_v4", "eth_sendTransaction"]),
      params: z.array(z.unknown()),
    }),
  })
  .meta({ id: "GatewayAction" });

export const GatewayOptionSchema = z
  .object({
    id: z.string(),
    account: z.string().describe("The CAIP-10 account that pays with this option."),
    amount: GatewayAmountSchema,
    etaS: z.number().int().min(0),
    actions: z.array(WalletRpcActionSchema),
    expiresAt: z.number().int().nullable().describe("Unix seconds; confirming later is `quote_expired`."),
    collectData: CollectDataSchema.nullable()
      .optional()
      .describe("The buyer details to send with confirm (collectedData), when the merchant requires them."),
  })
  .meta({ id: "GatewayOption" });

export const GetOptionsBodySchema = z.object({
  accounts: z.array(z.string().min(1).max(200)).min(1, "Send at least one CAIP-10 account.").max(20),
  refresh: z.array(z.string().max(200)).max(100).nullable().optional(),
});
export const GetOptionsQuerySchema = z.object({ includePaymentInfo: z.enum(["true", "false"]).optional() });
export const GetOptionsResponseSchema = z
  .object({
    options: z.array(GatewayOptionSchema),
    info: GatewayPaymentSchema.nullable().optional(),
    collectData: CollectDataSchema.nullable()
      .optional()
      .describe("The buyer details to send with confirm (collectedData), when the merchant requires them."),
  })
  .meta({ id: "GatewayOptions" });

export const FetchBodySchema = z.object({
  optionId: z.string().min(1).max(200),
  data: z.string().max(10_000),
});
export const FetchResponseSchema = z
  .object({ actions: z.array(WalletRpcActionSchema) })
  .meta({ id: "GatewayFetchResponse" });

export const ConfirmBodySchema = z.object({
  optionId: z.string().min(1).max(200),
  results: z
    .array(z.object({ type: z.literal("walletRpc"), data: z.array(z.unknown()).max(10) }))
    .min(1, "Send the wallet's result.")
    .max(10),
  collectedData: CollectedDataBodySchema.describe("The buyer details the options' collectData asked for."),
});
export const PollQuerySchema = z.object({ maxPollMs: MaxPollMsSchema });

export const GatewayStatusSchema = z
  .object({
    status: z.enum(paymentStatuses),
    isFinal: z.boolean(),
    pollInMs: z.number().int().nullable(),
    info: z.object({ txId: z.string(), optionAmount: GatewayAmountSchema }).nullable(),
  })
  .meta({ id: "GatewayStatus" });

export const GatewayCancelResponseSchema = z
  .object({
    paymentId: z.string(),
    status: z.enum(paymentStatuses),
    cancelledReason: z.string(),
    cancelledAt: z.string(),
  })
  .meta({ id: "GatewayCancelResponse" });
