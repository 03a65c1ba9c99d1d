import "server-only";
import type { PaymentStatus, Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Scope } from "@/lib/scope";
import { getPayment } from "./get-payment";
import { listPaymentOptions } from "./payment-options";
import { transitionPayment } from "./transition";

export type SimulatedOutcome = Extract<PaymentStatus, "succeeded" | "failed" | "cancelled" | "expired">;

/**
 * Test mode's stand-in for the buyer and the chain: drives the same transitions a live payment
 * takes. A success is paid in full with the option the buyer chose, or else the merchant's first
 * settlement that can pay the amount, and gets the synthetic txId `test:<payment id>`.
 */
export async function simulatePayment(tx: Tx, scope: Scope, actor: string, paymentId: string, outcome: SimulatedOutcome) {
  if (scope.mode !== "test") throw new AppError("forbidden", "Payments can only be simulated in test mode.");
  const payment = await getPayment(tx, scope, paymentId);
  if (outcome !== "succeeded") {
    return transitionPayment(tx, payment, outcome, {
      actor,
      data: { simulated: true },
      patch: outcome === "failed" ? { failureReason: "Simulated failure (test mode)." } : {},
    });
  }

  const options = await listPaymentOptions(tx, payment);
  const option = options.find((o) => o.settlementId === payment.optionSettlementId) ?? options[0];
  if (!option) {
    throw new AppError(
      "invalid_state",
      "The merchant has no crypto settlement that can pay this amount. Register one (for example USDC for a USD amount) and try again.",
    );
  }
  const now = new Date();
  return transitionPayment(tx, payment, "succeeded", {
    actor,
    data: { simulated: true, asset: option.asset, value: option.value },
    patch: {
      txId: `test:${payment.id}`,
      optionSettlementId: option.settlementId,
      optionAsset: option.asset,
      optionDestination: option.destination,
      optionValue: option.value,
      quotedAt: payment.quotedAt ?? now,
      paidValue: option.value,
    },
  });
}
