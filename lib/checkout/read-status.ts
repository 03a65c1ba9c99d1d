import "server-only";
import { serializeStatus } from "@/lib/payments/serialize";
import { waitForChange } from "@/lib/payments/wait-for-change";
import type { PaymentStatusJson } from "@/lib/schemas/payment";
import { findCheckoutPayment } from "./find-payment";

/** The status object for the checkout page's own polling, held up to `maxPollMs` for a change. */
export async function readCheckoutStatus(paymentId: string, maxPollMs: number, signal: AbortSignal): Promise<PaymentStatusJson> {
  const payment = await findCheckoutPayment(paymentId);
  return serializeStatus(maxPollMs > 0 ? await waitForChange(payment, maxPollMs, signal) : payment);
}
