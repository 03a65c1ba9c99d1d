import "server-only";
import { db, type Payment, type DbOrTx } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { isFinalStatus } from "./lifecycle";
import { listPaymentOptions, type PaymentOption } from "./payment-options";

/**
 * The quote for the option a buyer picked, taken before any transaction is opened: a price feed
 * is a network call, and a transaction held open across it would hold a database connection (with
 * the embedded database, the only one). Null when the payment is final or already has this option.
 */
export async function quotePaymentOption(
  payment: Payment,
  settlementId: string,
): Promise<PaymentOption | null> {
  // Nothing to quote: selectPaymentOption answers these without one.
  if (
    isFinalStatus(payment.status) ||
    (payment.optionSettlementId === settlementId && payment.optionValue !== null)
  )
    return null;
  const option = (await listPaymentOptions(db(), payment)).find((o) => o.settlementId === settlementId);
  if (!option)
    throw new AppError("params_validation", "That is not one of this payment's options.", {
      fields: { settlementId: "Not an option of this payment." },
    });
  return option;
}

/**
 * Fixes the buyer's choice and its quote (from quotePaymentOption) on the payment: what they are
 * asked to send is what verification later expects. An unpaid payment may switch options.
 */
export async function selectPaymentOption(
  tx: DbOrTx,
  payment: Payment,
  settlementId: string,
  quoted: PaymentOption | null,
): Promise<Payment> {
  if (isFinalStatus(payment.status))
    throw new AppError("invalid_state", `This payment is already ${payment.status}.`, {
      status: payment.status,
      final: true,
    });
  if (payment.optionSettlementId === settlementId && payment.optionValue !== null) return payment;
  if (payment.status !== "requires_action")
    throw new AppError(
      "conflict",
      "A transaction for this payment is already confirming; its option cannot change.",
    );
  if (quoted?.settlementId !== settlementId)
    throw new AppError("conflict", "The payment's option changed at the same moment; try again.");
  return tx.payment.update({
    where: { id: payment.id },
    data: {
      optionSettlementId: quoted.settlementId,
      optionAsset: quoted.asset,
      optionDestination: quoted.destination,
      optionValue: quoted.value,
      quotedAt: new Date(),
    },
  });
}
