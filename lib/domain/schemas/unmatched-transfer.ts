import { z } from "zod";
import { idSchema } from "@/lib/core/schemas/ids";

export const unmatchedTransferStatuses = ["open", "attached", "dismissed"] as const;

const TransferIdSchema = idSchema("unmatchedTransfer");

export const AttachUnmatchedTransferInputSchema = z.strictObject({
  transferId: TransferIdSchema,
  paymentId: z
    .string()
    .trim()
    .pipe(idSchema("payment", "Enter a payment id: pay_ followed by 24 letters and digits.")),
});
export type AttachUnmatchedTransferValues = z.output<typeof AttachUnmatchedTransferInputSchema>;

export const DismissUnmatchedTransferInputSchema = z.strictObject({
  transferId: TransferIdSchema,
  note: z.string().trim().min(1, "Say why, for whoever looks next.").max(500, "At most 500 characters."),
});
export type DismissUnmatchedTransferValues = z.output<typeof DismissUnmatchedTransferInputSchema>;
