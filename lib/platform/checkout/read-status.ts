import "server-only";
import { serializeStatus } from "@/lib/domain/payments/serialize";
import { waitForChange } from "@/lib/domain/payments/wait-for-change";
import type { PaymentStatusJson } from "@/lib/domain/schemas/payment";
import { findCheckoutPayment } from "@/lib/domain/payments/find-checkout-payment";

/** The status object for the checkout page's own polling, held up to `maxPollMs` for a change (capped per caller address). */
export async function readCheckoutStatus(
  paymentId: string,
  maxPollMs: number,
  signal: AbortSignal,
  callerAddress: string | null,
): Promise<PaymentStatusJson> {
  const payment = await findCheckoutPayment(paymentId);
  return serializeStatus(
    maxPollMs > 0
      ? await waitForChange(payment, maxPollMs, signal, `address:${callerAddress ?? "unknown"}`)
      : payment,
  );
}
