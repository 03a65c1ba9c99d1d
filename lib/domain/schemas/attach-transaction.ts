import { z } from "zod";
import { idSchema } from "@/lib/core/schemas/ids";

export const TxHashSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, "Must be a transaction hash: 0x followed by 64 hexadecimal characters.");

export const AttachPaymentTransactionBodySchema = z.strictObject({
  paymentId: idSchema("payment"),
  txHash: TxHashSchema,
  // Needed only when the buyer has not chosen an option yet.
  settlementId: idSchema("cryptoSettlement").optional(),
});
export type AttachPaymentTransactionInput = z.output<typeof AttachPaymentTransactionBodySchema>;

export const AttachRefundTransactionBodySchema = z.strictObject({
  refundId: idSchema("refund"),
  txHash: TxHashSchema,
});
export type AttachRefundTransactionInput = z.output<typeof AttachRefundTransactionBodySchema>;
