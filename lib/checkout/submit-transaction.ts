import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { recordPaymentEvent } from "@/lib/payments/record-event";
import { selectPaymentOption } from "@/lib/payments/select-option";
import { serializeStatus } from "@/lib/payments/serialize";
import type { PaymentStatusJson } from "@/lib/schemas/payment";
import { findCheckoutPayment } from "./find-payment";
import type { SubmitTransactionInput } from "./schemas";

export const transactionSubmittedEvent = "payment.transaction_submitted";
const maxSubmissions = 10;

/**
 * Records a transaction hash a buyer's wallet returned on the payment's timeline, with the option
 * it pays fixed on the payment, for on-chain verification to check. The status does not change: a
 * hash from the browser proves nothing. Submitting the same hash again records nothing new.
 */
export async function submitTransaction(paymentId: string, input: SubmitTransactionInput): Promise<PaymentStatusJson> {
  const found = await findCheckoutPayment(paymentId);
  if (found.mode !== "live") throw new AppError("forbidden", "Test-mode payments are settled with the test buttons; there is no transaction to submit.");
  const txHash = input.txHash.toLowerCase();
  return db().$transaction(async (tx) => {
    const payment = await selectPaymentOption(tx, await tx.payment.findUniqueOrThrow({ where: { id: found.id } }), input.settlementId);
    const earlier = await tx.paymentEvent.findMany({ where: { paymentId: payment.id, type: transactionSubmittedEvent }, select: { data: true } });
    if (earlier.some((event) => (event.data as { txHash?: unknown }).txHash === txHash)) return serializeStatus(payment);
    if (earlier.length >= maxSubmissions) {
      throw new AppError("conflict", `This payment already has ${maxSubmissions} submitted transactions; contact the merchant.`);
    }
    const data = { txHash, from: input.from?.toLowerCase() ?? null, settlementId: input.settlementId, asset: payment.optionAsset, value: payment.optionValue?.toFixed() ?? null };
    return serializeStatus(await recordPaymentEvent(tx, payment, { type: transactionSubmittedEvent, actor: "buyer", data }));
  });
}
