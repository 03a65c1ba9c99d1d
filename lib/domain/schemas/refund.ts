import { z } from "zod";
import { PageQuerySchema } from "@/lib/core/db/pagination";
import { TimestampSchema } from "@/lib/core/schemas/common";
import { AmountSchema, AmountInputSchema } from "./payment";
import { idSchema } from "@/lib/core/schemas/ids";

export const refundStatuses = ["pending", "succeeded", "failed"] as const;

export const CreateRefundBodySchema = z.strictObject({
  paymentId: idSchema("payment").describe("The succeeded payment to refund, `pay_` prefix."),
  amount: AmountInputSchema.optional().describe(
    "In the payment's amount unit. Defaults to everything not yet refunded.",
  ),
  reason: z
    .string()
    .trim()
    .min(1, "Leave the reason out or write one.")
    .max(500, "At most 500 characters.")
    // Line breaks are fine in a note; other control characters are not.
    .refine((s) => !/[\u0000-\u0009\u000b-\u001f\u007f]/.test(s), "Must not contain control characters.")
    .optional(),
  excess: z
    .literal(true)
    .optional()
    .describe(
      "Refund exactly the excess of an `overpaid` payment (received less quoted, in the paid asset) instead of an amount: it does not count against what is left to refund, and resolves the exception as refunded when it succeeds.",
    ),
});
export type CreateRefundInput = z.output<typeof CreateRefundBodySchema>;

/** The dashboard's refund: a fresh idempotency key per opening of the form makes it one refund, however often it is sent. */
export const RefundPaymentInputSchema = CreateRefundBodySchema.extend({
  idempotencyKey: z.string().min(16).max(100),
});

export const RefundIdParamsSchema = z.object({ refundId: idSchema("refund") });

export const ListRefundsQuerySchema = PageQuerySchema.extend({
  paymentId: z.string().max(64).optional().describe("Only this payment's refunds."),
});
export type ListRefundsFilter = z.output<typeof ListRefundsQuerySchema>;

export const RefundSchema = z
  .object({
    id: z.string().describe("Refund identifier, `re_` prefix."),
    paymentId: z.string(),
    amount: AmountSchema,
    status: z
      .enum(refundStatuses)
      .describe(
        "Test mode: `succeeded` at once. Live mode: `pending` until the return transfer is verified on-chain.",
      ),
    reason: z.string().nullable(),
    excess: z
      .boolean()
      .describe(
        "The refund of an overpayment's excess (received less quoted, in the paid asset): it does not count against what is left to refund of the payment, and resolves its `overpaid` exception when it succeeds.",
      ),
    txId: z
      .string()
      .nullable()
      .describe("`test:<refund id>` in test mode; the return transfer's hash in live mode, once verified."),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: "Refund" });
export type RefundJson = z.input<typeof RefundSchema>;
