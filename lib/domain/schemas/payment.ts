import { z } from "zod";
import { amountValueTooLarge, parseUnit } from "@/lib/core/money/money";
import { CursorParamSchema, DateTimeParamSchema } from "@/lib/core/db/pagination";
import { paymentIdFromReference } from "@/lib/domain/schemas/payment-reference";
import { HttpsUrlSchema, TimestampSchema } from "@/lib/core/schemas/common";
import { checkAmount, CurrencyFieldSchema, toMinorUnits } from "@/lib/core/schemas/dashboard-money";
import { idSchema } from "@/lib/core/schemas/ids";

export const paymentStatuses = [
  "requires_action",
  "processing",
  "succeeded",
  "failed",
  "cancelled",
  "expired",
] as const;
/** Beside a succeeded payment's status: some or all of it was refunded. */
export const refundStates = ["partially_refunded", "refunded"] as const;
export type RefundState = (typeof refundStates)[number];
/** How a payment was paid wrongly, beside its status (see lib/domain/payments/exceptions.ts). */
export const exceptionTypes = ["underpaid", "overpaid", "paid_late", "wrong_asset"] as const;
export type ExceptionType = (typeof exceptionTypes)[number];
export const exceptionResolutions = ["within_tolerance", "accepted", "refunded", "dismissed"] as const;
export const finalStatuses = ["succeeded", "failed", "cancelled", "expired"] as const;

const noControlChars = (s: string) => !/[\u0000-\u001f\u007f]/.test(s);

export const AmountSchema = z
  .object({
    unit: z.string().describe("`iso4217/<currency>` (fiat) or `caip19/<CAIP-19 asset id>` (on-chain asset)."),
    value: z
      .string()
      .describe(
        'Quantity as a string of digits: minor units for fiat (USD "1050" is $10.50), the smallest unit for an asset.',
      ),
  })
  .meta({ id: "Amount" });

/** An amount's unit as a request gives it: `iso4217/<currency>` or `caip19/<asset>`. */
export const AmountUnitSchema = z
  .string()
  .max(300)
  .superRefine((unit, ctx) => {
    const parsed = parseUnit(unit);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.error });
  });

/** A positive whole number of the unit's smallest denomination, as a string of digits. */
export const MinorUnitsSchema = z
  .string()
  .regex(
    /^[1-9][0-9]{0,77}$/,
    'Must be a positive whole number as a string, in minor units (e.g. "1050" for $10.50).',
  );

export const AmountInputSchema = z
  .strictObject({ unit: AmountUnitSchema, value: MinorUnitsSchema })
  .superRefine((amount, ctx) => {
    const unit = parseUnit(amount.unit);
    const tooLarge = unit.ok ? amountValueTooLarge(unit.value, amount.value) : null;
    if (tooLarge) ctx.addIssue({ code: "custom", path: ["value"], message: tooLarge });
  });

export const CreatePaymentBodySchema = z.strictObject({
  referenceId: z
    .string()
    .trim()
    .min(1, "Enter your order reference.")
    .max(255)
    .refine(noControlChars, "Must not contain control characters."),
  amount: AmountInputSchema,
  // Unix seconds is WalletConnect Pay's form; an ISO 8601 timestamp is ours. Both name the same instant.
  expiresAt: z
    .union(
      [
        z
          .number()
          .int()
          .positive()
          .transform((seconds) => new Date(seconds * 1000).toISOString()),
        z.iso.datetime({ offset: true }),
      ],
      {
        error:
          "Must be Unix seconds (e.g. 1772366400) or an ISO 8601 timestamp (e.g. 2026-03-01T12:00:00.000Z).",
      },
    )
    .nullish()
    .transform((v) => v ?? undefined),
  // As WalletConnect Pay does: unless both are https URLs the redirect is off for the payment (the
  // checkout shows its own final page), and the create answer warns; the payment is still made.
  checkout: z
    .strictObject({
      successUrl: z
        .string()
        .max(2048)
        .nullish()
        .describe(
          "An https URL where the hosted checkout sends the buyer once the payment succeeded, with ?payment_id=<id>.",
        ),
      errorUrl: z
        .string()
        .max(2048)
        .nullish()
        .describe(
          "An https URL where it sends the buyer once the payment failed, expired or was cancelled, with ?payment_id=<id>.",
        ),
    })
    .nullish()
    .transform((v) => {
      if (!v) return undefined;
      const { successUrl, errorUrl } = v;
      const https = (url: string | null | undefined): url is string => HttpsUrlSchema.safeParse(url).success;
      return https(successUrl) && https(errorUrl)
        ? { successUrl, errorUrl, redirect: true as const }
        : { successUrl: null, errorUrl: null, redirect: false as const };
    }),
  buyerEmail: z
    .email("Enter a valid email address.")
    .max(254)
    .nullish()
    .transform((v) => v ?? undefined)
    .describe("Where Tollgate mails the buyer's receipt once the payment succeeded."),
});
export type CreatePaymentInput = z.output<typeof CreatePaymentBodySchema>;

export const paymentLifetimes = [
  { minutes: 15, label: "15 minutes" },
  { minutes: 60, label: "1 hour" },
  { minutes: 24 * 60, label: "24 hours" },
  { minutes: 7 * 24 * 60, label: "7 days" },
  { minutes: 30 * 24 * 60, label: "30 days" },
] as const;

/** The dashboard's "New payment" form: the same payment, with the amount as people write it. */
export const NewPaymentFormSchema = z
  .strictObject({
    merchantId: idSchema("merchant", "Choose a merchant."),
    currency: CurrencyFieldSchema,
    amount: z.string().max(40),
    referenceId: CreatePaymentBodySchema.shape.referenceId,
    expiresInMinutes: z.coerce
      .number()
      .int()
      .refine((m) => paymentLifetimes.some((l) => l.minutes === m), "Choose how long the buyer has to pay."),
    buyerEmail: z
      .union([z.literal(""), z.email("Enter a valid email address, or leave it empty.").max(254)])
      .optional(),
  })
  .superRefine((values, ctx) => checkAmount(values, "amount", ctx));
export type NewPaymentValues = z.input<typeof NewPaymentFormSchema>;

/** The form's values as the API's create body (the form schema has already checked them). */
export function paymentFromForm(
  values: z.output<typeof NewPaymentFormSchema>,
  now = Date.now(),
): CreatePaymentInput {
  return {
    referenceId: values.referenceId,
    amount: { unit: `iso4217/${values.currency}`, value: toMinorUnits(values.currency, values.amount)! },
    expiresAt: new Date(now + values.expiresInMinutes * 60_000).toISOString(),
    checkout: undefined,
    buyerEmail: values.buyerEmail || undefined,
  };
}

// A wallet handed the whole gatewayUrl instead of the id still finds the payment.
export const PaymentReferenceSchema = z
  .string()
  .min(1)
  .max(4096)
  .transform(paymentIdFromReference)
  .pipe(idSchema("payment"));

export const PaymentIdParamsSchema = z.object({
  paymentId: PaymentReferenceSchema.describe("The payment id, or its whole gatewayUrl."),
});

export const AmountDisplaySchema = z
  .object({
    assetSymbol: z.string(),
    assetName: z.string(),
    decimals: z.number().int().min(0),
    networkName: z.string(),
  })
  .meta({ id: "AmountDisplay" });

/** An Amount with how to show it, as WalletConnect Pay clients require (`display` is not optional for them). */
export const DisplayedAmountSchema = AmountSchema.extend({ display: AmountDisplaySchema }).meta({
  id: "DisplayedAmount",
});

export const PaymentInfoSchema = z
  .object({
    txId: z.string().describe("`test:<payment id>` in test mode; the transaction hash in live mode."),
    optionAmount: DisplayedAmountSchema.describe(
      "What the buyer paid, in the chosen `caip19/...` asset's smallest unit, with its display.",
    ),
    display: AmountDisplaySchema.describe(
      "Deprecated: the same as `optionAmount.display`, kept for clients of 2026-02-18.",
    ),
  })
  .meta({ id: "PaymentInfo" });

export const PaymentStatusSchema = z
  .object({
    status: z.enum(paymentStatuses),
    isFinal: z.boolean(),
    pollInMs: z
      .number()
      .int()
      .nullable()
      .describe("Wait about this long before polling again; null once final."),
    info: PaymentInfoSchema.nullable().describe("Null until the payment has succeeded."),
  })
  .meta({ id: "PaymentStatus" });
export type PaymentStatusJson = z.input<typeof PaymentStatusSchema>;

export const PaymentExceptionSchema = z
  .object({
    type: z
      .enum(exceptionTypes)
      .describe(
        "underpaid: less than quoted arrived; overpaid: more; paid_late: after the payment expired; wrong_asset: another token reached the destination.",
      ),
    asset: z.string().describe("CAIP-19 asset of the transfer."),
    expected: z
      .string()
      .nullable()
      .describe("What was quoted, in the asset's smallest unit (null for another asset)."),
    received: z.string().describe("What arrived, in the asset's smallest unit."),
    txId: z.string().nullable(),
    resolution: z
      .enum(exceptionResolutions)
      .nullable()
      .describe(
        "Null until dealt with: within_tolerance (paid, short by no more than the merchant allows), accepted, refunded or dismissed by support.",
      ),
    resolvedAt: TimestampSchema.nullable(),
  })
  .meta({ id: "PaymentException" });

export const PaymentSchema = z
  .object({
    id: z.string().describe("Payment identifier, `pay_` prefix."),
    merchantId: z.string(),
    referenceId: z.string(),
    amount: AmountSchema,
    status: z.enum(paymentStatuses),
    isFinal: z.boolean(),
    gatewayUrl: z.url().describe("The hosted checkout page for the buyer. Never build it by hand."),
    expiresAt: TimestampSchema,
    createdAt: TimestampSchema,
    info: PaymentInfoSchema.nullable(),
    exception: PaymentExceptionSchema.nullable().describe(
      "How the buyer paid wrongly, if they did; the status is unaffected unless support accepts an underpayment.",
    ),
  })
  .meta({ id: "Payment" });
export type PaymentJson = z.input<typeof PaymentSchema>;

/** A payment in a list: ours, with WalletConnect Pay's list fields beside it. */
export const ListedPaymentSchema = PaymentSchema.extend({
  paymentId: z.string().describe("The same as id (WalletConnect Pay's name)."),
  merchant: z.object({ id: z.string(), name: z.string(), iconUrl: z.string().nullable() }),
  isTerminal: z.boolean().describe("The same as isFinal (WalletConnect Pay's name)."),
  lastUpdatedAt: TimestampSchema,
}).meta({ id: "ListedPayment" });

export const PaymentsPageSchema = z
  .object({
    data: z.array(ListedPaymentSchema),
    nextCursor: z.string().nullable(),
    stats: z
      .object({
        totalRevenue: z.array(
          z.object({
            amount: z.number().describe("Succeeded payments, in the currency's major unit."),
            currency: z.string(),
          }),
        ),
        totalTransactions: z.number().int(),
        totalCustomers: z.number().int().describe("Distinct payer addresses."),
        asOf: TimestampSchema.optional().describe(
          "Present when more than 10,000 payments match: the totals were computed at this time (at most a minute ago, or a few seconds more while they are recomputed) and shared by the requests since. Absent: computed for this request.",
        ),
        complete: z
          .literal(false)
          .optional()
          .describe(
            "Present (false) when more than 10,000 payments match and their exact totals took longer than 2 seconds: the figures then cover the first 10,001 matches only (lower bounds), and the exact ones follow, with asOf, on a later request.",
          ),
      })
      .describe("Totals over every payment the filters match, not just this page."),
  })
  .meta({ id: "PaymentsPage" });

/** The create answer: the payment, with WalletConnect Pay's names for what it shares beside ours. */
export const CreatedPaymentSchema = PaymentSchema.extend({
  paymentId: z.string().describe("The same as id (WalletConnect Pay's name)."),
  expiresAt: z
    .number()
    .int()
    .min(0)
    .describe(
      "When the payment expires, in Unix seconds (WalletConnect Pay's form; the payment object itself gives an ISO 8601 timestamp).",
    ),
  x402Url: z
    .url()
    .describe("Where an AI agent pays the payment over x402: a GET answers 402 with its requirements."),
  pollInMs: z
    .number()
    .int()
    .nullable()
    .describe("Wait about this long before polling the status; null once final."),
  warnings: z
    .array(
      z.object({
        code: z.enum(["no_payment_option", "checkout_redirect_disabled", "receipt_not_mailed"]),
        message: z.string(),
      }),
    )
    .optional()
    .describe(
      "no_payment_option: no buyer could pay the payment as things stand (no settlement of the merchant can pay its unit). checkout_redirect_disabled: checkout was sent without two https URLs, so the buyer is not redirected. receipt_not_mailed: a test payment's receipt is kept in the dev outbox rather than mailed (test mode mails only the team's verified addresses). The payment is created all the same.",
    ),
}).meta({ id: "CreatedPayment" });

/** The cancel answer: the payment, with WalletConnect Pay's cancel fields beside it. */
export const CancelledPaymentSchema = PaymentSchema.extend({
  paymentId: z.string().describe("The same as id (WalletConnect Pay's name)."),
  cancelledReason: z.literal("cancelled_by_merchant"),
  cancelledAt: TimestampSchema,
}).meta({ id: "CancelledPayment" });

/** `maxPollMs` as WalletConnect Pay takes it: any wait, held at most 30 seconds. */
export const MaxPollMsSchema = z.coerce
  .number()
  .int()
  .min(0)
  .default(0)
  .transform((ms) => Math.min(ms, 30_000))
  .describe(
    "Hold the request up to this long (30000 at most; more is held 30000) and answer as soon as the status changes.",
  );

export const StatusQuerySchema = z.strictObject({ maxPollMs: MaxPollMsSchema });

/** A query parameter that may be repeated (`?status=a&status=b`); one value is a list of one. */
export const repeated = <T extends z.ZodType>(item: T) =>
  z
    .preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).min(1).max(50))
    .optional();
const timestamp = DateTimeParamSchema.optional();

// Our filters and WalletConnect Pay's side by side (its names where it defines one); an unknown
// parameter is refused rather than ignored, so a misspelt filter never returns every payment.
export const ListPaymentsQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: CursorParamSchema.optional(),
  status: repeated(z.enum(paymentStatuses)).describe(
    "Repeat for several: ?status=succeeded&status=processing.",
  ),
  merchantId: repeated(z.string().max(64)),
  referenceId: z
    .string()
    .min(3)
    .max(35)
    .regex(/^[A-Za-z0-9 /:.,+-]+$/, "3-35 letters, digits, spaces or / : . , + -.")
    .optional()
    .describe("Substring of the merchant's reference id."),
  asset: z.string().max(300).optional().describe("CAIP-19 id of the asset the buyer chose."),
  token_symbol: repeated(z.string().min(1).max(20)).describe(
    "Symbol of the asset the buyer chose, e.g. USDC; repeat for several.",
  ),
  network: z
    .string()
    .max(1000)
    .regex(
      /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}(,[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32})*$/,
      "Comma-separated CAIP-2 chain ids, e.g. eip155:8453,eip155:1.",
    )
    .optional(),
  startTs: timestamp.describe("Created at or after (inclusive)."),
  endTs: timestamp.describe("Created before (exclusive)."),
  createdFrom: timestamp.describe("The same as startTs."),
  createdTo: timestamp.describe("The same as endTs."),
  exception: z
    .enum([...exceptionTypes, "any", "open"])
    .optional()
    .describe("Payments with an exception of this type, any exception, or one not yet resolved (open)."),
  sortBy: z.enum(["date", "amount"]).default("date"),
  sortDir: z.enum(["asc", "desc"]).default("desc"),
});
export type ListPaymentsQueryInput = z.output<typeof ListPaymentsQuerySchema>;

/** What the payments query filters on, whoever asks (API lists, dashboard, CSV export). */
export type ListPaymentsFilter = {
  limit: number;
  cursor?: string;
  status?: (typeof paymentStatuses)[number][];
  merchantId?: string[];
  /** Substring of the reference id. */
  referenceId?: string;
  asset?: string;
  tokenSymbol?: string[];
  networks?: string[];
  createdFrom?: string;
  createdTo?: string;
  exception?: ExceptionType | "any" | "open";
};

export const simulatedOutcomes = [
  "succeeded",
  "failed",
  "cancelled",
  "expired",
  "underpaid",
  "overpaid",
  "paid_late",
  "wrong_asset",
  "reorged",
] as const;
export const SimulateBodySchema = z.strictObject({
  outcome: z
    .enum(simulatedOutcomes)
    .describe(
      "A status, or a way of paying wrongly: underpaid (half the quote arrives), overpaid (paid, with twice the quote), paid_late (the quote arrives after expiry), wrong_asset (another token arrives), reorged (the transfer is seen and confirming, then reorganised out of the chain: processing, then failed).",
    ),
});
