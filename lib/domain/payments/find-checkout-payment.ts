import "server-only";
import { db, type Payment } from "@/lib/core/db";
import { notFound } from "@/lib/core/errors/errors";
import { isId } from "@/lib/core/ids/ids";
import { expireIfDue } from "@/lib/domain/payments/get-payment";

/**
 * The payment behind a gateway link, expiry applied. Its id is the buyer's capability (24 random
 * base62 characters): whoever holds the link may see and pay it, so it is the one lookup that is
 * not scoped by account and mode; everything after it uses the payment's own scope.
 */
export async function findCheckoutPayment(paymentId: string): Promise<Payment> {
  const payment = isId("pay", paymentId) ? await db().payment.findUnique({ where: { id: paymentId } }) : null;
  if (!payment) throw notFound("Payment");
  return expireIfDue(payment);
}
