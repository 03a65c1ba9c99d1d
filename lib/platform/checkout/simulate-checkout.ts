import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { isFinalPaymentRefusal } from "@/lib/domain/payments/transition";
import { simulatePayment } from "@/lib/domain/payments/simulate-payment";
import { checkoutStatus, type CheckoutStatus } from "./checkout-status";
import { findCheckoutPayment } from "@/lib/domain/payments/find-checkout-payment";
import type { SimulateCheckoutOutcome } from "@/lib/domain/schemas/checkout";

/**
 * The test-mode buyer's buttons: the same lifecycle as the simulate API, acted by "buyer". A payment
 * that became final meanwhile (paid, cancelled or expired elsewhere) answers with that final status.
 */
export async function simulateCheckout(
  ctx: CallContext,
  paymentId: string,
  outcome: SimulateCheckoutOutcome,
): Promise<CheckoutStatus> {
  const payment = await findCheckoutPayment(paymentId);
  if (ctx.scope.mode !== "test") throw new AppError("forbidden", "Only test-mode payments can be simulated.");
  try {
    return checkoutStatus(
      await db().$transaction((tx) => simulatePayment({ ...ctx, tx }, payment.id, outcome)),
    );
  } catch (error) {
    if (isFinalPaymentRefusal(error)) return checkoutStatus(await findCheckoutPayment(paymentId));
    throw error;
  }
}
