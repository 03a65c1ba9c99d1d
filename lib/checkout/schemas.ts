import { z } from "zod";
import { TxHash } from "@/lib/schemas/attach-transaction";

export const CheckoutPaymentId = z.string().min(1).max(64);

export const SimulateCheckoutInput = z.strictObject({
  paymentId: CheckoutPaymentId,
  outcome: z.enum(["succeeded", "failed", "cancelled", "underpaid", "overpaid", "paid_late", "wrong_asset", "reorged"]),
});
export type SimulateCheckoutOutcome = z.output<typeof SimulateCheckoutInput>["outcome"];

const SettlementId = z.string().min(1).max(64);

export const ChooseOptionBody = z.strictObject({ settlementId: SettlementId });

export const SubmitTransactionBody = z.strictObject({
  settlementId: SettlementId,
  txHash: TxHash,
  from: z.string().regex(/^0x[0-9a-fA-F]{40}$/, "Must be an EVM address.").optional(),
});
export type SubmitTransactionInput = z.output<typeof SubmitTransactionBody>;
