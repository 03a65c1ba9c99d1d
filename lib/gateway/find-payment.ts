import "server-only";
import { db, type Payment, withAttempt } from "@/lib/db";
import { AppError } from "@/lib/errors/errors";
import { isId } from "@/lib/db/ids";
import { expireIfDue } from "@/lib/payments/get-payment";
import { paymentIdFromReference } from "@/lib/payments/payment-reference";
import { tenant, type Scope } from "@/lib/tenancy/scope";

/** The caller's payment (scoped by account and mode like every read), expiry applied; otherwise `payment_not_found`. */
export async function findGatewayPayment(scope: Scope, idOrUrl: string): Promise<Payment> {
  const id = paymentIdFromReference(idOrUrl);
  const payment = isId("pay", id)
    ? await db().payment.findFirst({ where: { id, ...tenant(scope) }, include: withAttempt })
    : null;
  if (!payment) throw new AppError("payment_not_found", "Payment not found.");
  return expireIfDue(payment);
}
