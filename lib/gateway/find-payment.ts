import "server-only";
import { db, type Payment } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isId } from "@/lib/ids";
import { expireIfDue } from "@/lib/payments/get-payment";
import { tenant, type Scope } from "@/lib/scope";

/** The payment id inside what a wallet sent: the id itself, or the gateway link it was handed. */
export function gatewayPaymentId(idOrUrl: string): string {
  let candidate = idOrUrl.trim();
  if (/^https?:\/\//i.test(candidate)) {
    try {
      candidate = new URL(candidate).pathname.split("/").filter(Boolean).pop() ?? "";
    } catch {
      candidate = "";
    }
  }
  return candidate;
}

/** The caller's payment (scoped by account and mode like every read), expiry applied; otherwise `payment_not_found`. */
export async function findGatewayPayment(scope: Scope, idOrUrl: string): Promise<Payment> {
  const id = gatewayPaymentId(idOrUrl);
  const payment = isId("pay", id) ? await db().payment.findFirst({ where: { id, ...tenant(scope) } }) : null;
  if (!payment) throw new AppError("payment_not_found", "Payment not found.");
  return expireIfDue(payment);
}
