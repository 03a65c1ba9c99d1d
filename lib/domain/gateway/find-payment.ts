import "server-only";
import { db, type Payment } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { isId } from "@/lib/core/ids/ids";
import { expireIfDue } from "@/lib/domain/payments/get-payment";
import { paymentIdFromReference } from "@/lib/domain/schemas/payment-reference";
import { tenant, type Scope } from "@/lib/core/tenancy/scope";

/** The caller's payment (scoped by account and mode like every read), expiry applied; otherwise `payment_not_found`. */
export async function findGatewayPayment(scope: Scope, idOrUrl: string): Promise<Payment> {
  const id = paymentIdFromReference(idOrUrl);
  const payment = isId("pay", id) ? await db().payment.findFirst({ where: { id, ...tenant(scope) } }) : null;
  if (!payment) throw new AppError("payment_not_found", "Payment not found.");
  return expireIfDue(payment);
}
