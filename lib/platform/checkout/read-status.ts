import "server-only";
import { waitForChange } from "@/lib/domain/payments/wait-for-change";
import { checkoutStatus, type CheckoutStatus } from "./checkout-status";
import { findCheckoutPayment } from "@/lib/domain/payments/find-checkout-payment";

/** The status object for the checkout page's own polling, held up to `maxPollMs` for a change (capped per caller address). */
export async function readCheckoutStatus(
  paymentId: string,
  maxPollMs: number,
  signal: AbortSignal,
  callerAddress: string | null,
): Promise<CheckoutStatus> {
  const payment = await findCheckoutPayment(paymentId);
  return checkoutStatus(
    maxPollMs > 0
      ? await waitForChange(payment, maxPollMs, signal, `address:${callerAddress ?? "unknown"}`)
      : payment,
  );
}
