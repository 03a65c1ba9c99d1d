import { z } from "zod";
import { parseUnit } from "@/lib/money";
import { Timestamp } from "./common";

export const paymentStatuses = ["requires_action", "processing", "succeeded", "failed", "cancelled", "expired"] as const;
export const finalStatuses = ["succeeded", "failed", "cancelled", "expired"] as const;

const noControlChars = (s: string) => !/[\u0000-\u001f\u007f]/.test(s);

export const Amount = z
  .object({
    unit: z.string().describe("`iso4217/<currency>` (fiat) or `caip19/<CAIP-19 asset id>` (on-chain asset)."),
    value: z.string().describe("Quantity as a string of digits: minor units for fiat (USD \"1050\" is $10.50), the smallest unit for an asset."),
  })
  .meta({ id: "Amount" });

export const AmountInput = z.strictObject({
  unit: z
    .string()
    .max(300)
    .superRefine((unit, ctx) => {
      const parsed = parseUnit(unit);
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.error });
    }),
  value: z.string().regex(/^[1-9][0-9]{0,77}$/, 'Must be a positive whole number as a string, in minor units (e.g. "1050" for $10.50).'),
});

export const CreatePaymentBody = z.strictObject({
  referenceId: z.string().trim().min(1, "Enter your order reference.").max(255).refine(noControlChars, "Must not contain control characters."),
  amount: AmountInput,
  expiresAt: z.iso.datetime({ offset: true, error: "Must be an ISO 8601 timestamp, e.g. 2026-03-01T12:00:00.000Z." }).optional(),
});
export type CreatePaymentInput = z.output<typeof CreatePaymentBody>;

export const PaymentIdParams = z.object({ paymentId: z.string().min(1).max(64) });

export const AmountDisplay = z
  .object({ assetSymbol: z.string(), assetName: z.string(), decimals: z.number().int().min(0), networkName: z.string() })
  .meta({ id: "AmountDisplay" });

/** An Amount with how to show it, as WalletConnect Pay clients require (`display` is not optional for them). */
export const DisplayedAmount = Amount.extend({ display: AmountDisplay }).meta({ id: "DisplayedAmount" });

export const PaymentInfo = z
  .object({
    txId: z.string().describe("`test:<payment id>` in test mode; the transaction hash in live mode."),
    optionAmount: DisplayedAmount.describe("What the buyer paid, in the chosen `caip19/...` asset's smallest unit, with its display."),
    display: AmountDisplay.describe("Deprecated: the same as `optionAmount.display`, kept for clients of 2026-02-18."),
  })
  .meta({ id: "PaymentInfo" });

export const PaymentStatus = z
  .object({
    status: z.enum(paymentStatuses),
    isFinal: z.boolean(),
    pollInMs: z.number().int().nullable().describe("Wait about this long before polling again; null once final."),
    info: PaymentInfo.nullable().describe("Null until the payment has succeeded."),
  })
  .meta({ id: "PaymentStatus" });
export type PaymentStatusJson = z.input<typeof PaymentStatus>;

export const Payment = z
  .object({
    id: z.string().describe("Payment identifier, `pay_` prefix."),
    merchantId: z.string(),
    referenceId: z.string(),
    amount: Amount,
    status: z.enum(paymentStatuses),
    isFinal: z.boolean(),
    gatewayUrl: z.url().describe("The hosted checkout page for the buyer. Never build it by hand."),
    expiresAt: Timestamp,
    createdAt: Timestamp,
    info: PaymentInfo.nullable(),
  })
  .meta({ id: "Payment" });
export type PaymentJson = z.input<typeof Payment>;

export const GatewayLink = z.object({ paymentId: z.string(), gatewayUrl: z.url() });

export const StatusQuery = z.object({
  maxPollMs: z.coerce.number().int().min(0).max(30_000).default(0).describe("Hold the request up to this long (max 30000) and answer as soon as the status changes."),
});

export const ListPaymentsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
  status: z.enum(paymentStatuses).optional(),
  merchantId: z.string().max(64).optional(),
  asset: z.string().max(300).optional().describe("CAIP-19 id of the asset the buyer chose."),
  createdFrom: z.iso.datetime({ offset: true }).optional(),
  createdTo: z.iso.datetime({ offset: true }).optional(),
});
export type ListPaymentsFilter = z.output<typeof ListPaymentsQuery>;

export const SimulateBody = z.strictObject({ outcome: z.enum(["succeeded", "failed", "cancelled", "expired"]) });
