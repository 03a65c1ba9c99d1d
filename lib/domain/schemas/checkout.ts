import { z } from "zod";
import { TransactionIdSchema } from "@/lib/domain/schemas/attach-transaction";
import { finalStatuses } from "@/lib/domain/schemas/payment";
import { bridgeNames } from "@/lib/core/bridge/bridge-names";
import { idSchema } from "@/lib/core/schemas/ids";
import { EVM_ADDRESS } from "@/lib/core/caip/caip";

export const CheckoutPaymentIdSchema = idSchema("payment");

export const SimulateCheckoutInputSchema = z.strictObject({
  paymentId: CheckoutPaymentIdSchema,
  outcome: z.enum([
    "succeeded",
    "failed",
    "cancelled",
    "underpaid",
    "overpaid",
    "paid_late",
    "wrong_asset",
    "reorged",
  ]),
});
export type SimulateCheckoutOutcome = z.output<typeof SimulateCheckoutInputSchema>["outcome"];

const SettlementIdSchema = idSchema("cryptoSettlement");

export const ChooseOptionBodySchema = z.strictObject({ settlementId: SettlementIdSchema });

export const SubmitTransactionBodySchema = z.strictObject({
  settlementId: SettlementIdSchema,
  // An EVM hash or a Solana signature: the option's chain says which it must be (parseTransactionId).
  txHash: TransactionIdSchema,
  from: z.string().regex(EVM_ADDRESS, "Must be an EVM address.").optional(),
});
export type SubmitTransactionInput = z.output<typeof SubmitTransactionBodySchema>;

/** The checkout posted the payment's outcome to an embedding app: what it posted, and to which bridges. */
export const ReportOutcomeBodySchema = z.strictObject({
  outcome: z.enum(finalStatuses),
  bridges: z
    .array(z.enum(bridgeNames))
    .min(1)
    .max(bridgeNames.length)
    .refine((bridges) => new Set(bridges).size === bridges.length, "Name each bridge once."),
});
export type ReportOutcomeInput = z.output<typeof ReportOutcomeBodySchema>;
