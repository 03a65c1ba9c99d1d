"use client";

import { cancelPaymentAction } from "@/lib/platform/actions/payments";
import { ConfirmActionButton } from "@/components/forms/confirm-action-button";
import type { Mode } from "@/lib/core/db";

export function CancelPaymentButton({ mode, paymentId }: { mode: Mode; paymentId: string }) {
  return (
    <ConfirmActionButton
      label="Cancel payment"
      title="Cancel this payment?"
      description="The buyer can no longer pay it, and the status becomes final (cancelled). This cannot be undone."
      confirmLabel="Cancel payment"
      action={() => cancelPaymentAction({ paymentId, mode })}
      success="Payment cancelled"
    />
  );
}
