import "server-only";
import { db } from "@/lib/core/db";
import { quotePaymentOption, selectPaymentOption } from "@/lib/domain/payments/select-option";
import { findCheckoutPayment } from "@/lib/domain/payments/find-checkout-payment";

/**
 * The buyer opened one of the payment's options: fix it and its quote on the payment, so that a
 * transfer made from its QR code or wallet link is checked against what the buyer was shown.
 */
export async function chooseCheckoutOption(
  paymentId: string,
  settlementId: string,
): Promise<{ settlementId: string }> {
  const found = await findCheckoutPayment(paymentId);
  const quoted = await quotePaymentOption(found, settlementId);
  await db().$transaction(async (tx) =>
    selectPaymentOption(
      tx,
      await tx.payment.findUniqueOrThrow({ where: { id: found.id } }),
      settlementId,
      quoted,
    ),
  );
  return { settlementId };
}
