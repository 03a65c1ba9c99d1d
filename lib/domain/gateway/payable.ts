import "server-only";
import type { Payment } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";

/** Refuses what a wallet can no longer pay, in WalletConnect Pay's words. */
export function requirePayable(payment: Payment): void {
  if (payment.status === "expired")
    throw new AppError("payment_expired", "This payment expired before it was paid.");
  if (payment.status !== "requires_action")
    throw new AppError("invalid_state", `This payment is ${payment.status}; it cannot be paid.`, {
      status: payment.status,
    });
}
