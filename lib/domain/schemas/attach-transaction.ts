import { z } from "zod";
import { idSchema } from "@/lib/core/schemas/ids";

export const TxHashSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, "Must be a transaction hash: 0x followed by 64 hexadecimal characters.");

/** What support attaches: an EVM transaction hash, or a Solana transaction signature (base58, 64 bytes). */
export const TransactionIdSchema = z
  .string()
  .regex(
    /^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{86,88})$/,
    "Must be a transaction hash (0x followed by 64 hexadecimal characters) or a Solana signature (base58).",
  );

export const AttachPaymentTransactionBodySchema = z.strictObject({
  paymentId: idSchema("payment"),
  txHash: TransactionIdSchema,
  // Needed only when the buyer has not chosen an option yet.
  settlementId: idSchema("cryptoSettlement").optional(),
});
export type AttachPaymentTransactionInput = z.output<typeof AttachPaymentTransactionBodySchema>;

export const AttachRefundTransactionBodySchema = z.strictObject({
  refundId: idSchema("refund"),
  txHash: TransactionIdSchema,
});
export type AttachRefundTransactionInput = z.output<typeof AttachRefundTransactionBodySchema>;
