import { z } from "zod";

export const TxHashSchema = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "Must be a transaction hash: 0x followed by 64 hexadecimal characters.");

export const AttachPaymentTransactionBodySchema = z.strictObject({
  paymentId: z.string().min(1).max(64),
  txHash: TxHashSchema,
  // Needed only when the buyer has not chosen an option yet.
  settlementId: z.string().min(1).max(64).optional(),
});
export type AttachPaymentTransactionInput = z.output<typeof AttachPaymentTransactionBodySchema>;

export const AttachRefundTransactionBodySchema = z.strictObject({
  refundId: z.string().min(1).max(64),
  txHash: TxHashSchema,
});
export type AttachRefundTransactionInput = z.output<typeof AttachRefundTransactionBodySchema>;
