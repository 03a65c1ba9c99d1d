import { z } from "zod";

export const TxHash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "Must be a transaction hash: 0x followed by 64 hexadecimal characters.");

export const AttachPaymentTransactionBody = z.strictObject({
  paymentId: z.string().min(1).max(64),
  txHash: TxHash,
  // Needed only when the buyer has not chosen an option yet.
  settlementId: z.string().min(1).max(64).optional(),
});
export type AttachPaymentTransactionInput = z.output<typeof AttachPaymentTransactionBody>;

export const AttachRefundTransactionBody = z.strictObject({
  refundId: z.string().min(1).max(64),
  txHash: TxHash,
});
export type AttachRefundTransactionInput = z.output<typeof AttachRefundTransactionBody>;
