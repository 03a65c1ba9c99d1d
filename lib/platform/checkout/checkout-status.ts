import "server-only";
import type { Payment } from "@/lib/core/db";
import { droppedFromNetwork } from "@/lib/domain/payments/dropped-transfer";
import { checkoutException, type CheckoutException } from "@/lib/domain/receipts/exception-in-words";
import { serializeStatus } from "@/lib/domain/payments/serialize";
import type { PaymentStatusJson } from "@/lib/domain/schemas/payment";

export type { CheckoutException };

/**
 * What the checkout page shows and polls: the status object, plus what the buyer must be told
 * beside it (how the money arrived wrongly, or that the transfer left the chain).
 */
export type CheckoutStatus = PaymentStatusJson & {
  exception: CheckoutException | null;
  /** The network a failed payment's transfer was reorganised out of, when that is why it failed. */
  droppedFrom: string | null;
};

export async function checkoutStatus(payment: Payment): Promise<CheckoutStatus> {
  return {
    ...(await serializeStatus(payment)),
    exception: await checkoutException(payment),
    droppedFrom: payment.status === "failed" ? droppedFromNetwork(payment.failureReason) : null,
  };
}
