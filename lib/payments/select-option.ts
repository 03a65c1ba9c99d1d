import "server-only";
import type { Payment, Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isFinalStatus } from "./lifecycle";
import { listPaymentOptions } from "./payment-options";

/**
 * Fixes the buyer's choice and its quote on the payment: what they are asked to send is what
 * verification later expects. An unpaid payment may switch options; the quote is re-taken then.
 */
export async function selectPaymentOption(tx: Tx, payment: Payment, settlementId: string): Promise<Payment> {
  if (isFinalStatus(payment.status)) throw new AppError("payment_final", `This payment is already ${payment.status}.`, { status: payment.status });
  if (payment.optionSettlementId === settlementId && payment.optionValue !== null) return payment;
  if (payment.status !== "requires_action") throw new AppError("conflict", "A transaction for this payment is already confirming; its option cannot change.");
  const option = (await listPaymentOptions(tx, payment)).find((o) => o.settlementId === settlementId);
  if (!option) throw new AppError("invalid_request", "That is not one of this payment's options.", { fields: { settlementId: "Not an option of this payment." } });
  return tx.payment.update({
    where: { id: payment.id },
    data: { optionSettlementId: option.settlementId, optionAsset: option.asset, optionDestination: option.destination, optionValue: option.value, quotedAt: new Date() },
  });
}
