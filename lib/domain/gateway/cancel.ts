import "server-only";
import { db, type Payment } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { transitionPayment } from "@/lib/domain/payments/transition";
import { requirePayable } from "./payable";

/** The buyer walks away: an unpaid payment is cancelled (a final state, with its webhook). */
export async function cancelGatewayPayment(payment: Payment, actor: string) {
  requirePayable(payment);
  const cancelled = await db()
    .$transaction((tx) =>
      transitionPayment(tx, payment, "cancelled", { actor, data: { reason: "cancelled_by_user" } }),
    )
    .catch((error: unknown) => {
      throw error instanceof AppError && error.status === 409
        ? new AppError(
            "invalid_state",
            "This payment changed at the same moment and can no longer be cancelled.",
          )
        : error;
    });
  return {
    paymentId: cancelled.id,
    status: cancelled.status,
    cancelledReason: "cancelled_by_user",
    cancelledAt: (cancelled.finalizedAt ?? new Date()).toISOString(),
  };
}
