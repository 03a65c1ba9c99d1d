import { z } from "zod";

export const unmatchedTransferStatuses = ["open", "attached", "dismissed"] as const;

const TransferIdSchema = z.string().min(1).max(64);

export const AttachUnmatchedTransferInputSchema = z.strictObject({
  transferId: TransferIdSchema,
  paymentId: z
    .string()
    .trim()
    .regex(/^pay_[0-9A-Za-z]{24}$/, "Enter a payment id: pay_ followed by 24 letters and digits."),
});
export type AttachUnmatchedTransferValues = z.output<typeof AttachUnmatchedTransferInputSchema>;

export const DismissUnmatchedTransferInputSchema = z.strictObject({
  transferId: TransferIdSchema,
  note: z.string().trim().min(1, "Say why, for whoever looks next.").max(500, "At most 500 characters."),
});
export type DismissUnmatchedTransferValues = z.output<typeof DismissUnmatchedTransferInputSchema>;
