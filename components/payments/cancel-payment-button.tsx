"use client";

import { cancelPaymentAction } from "@/lib/platform/actions/payments";
import { showActionResult } from "@/components/forms/action-feedback";
import { ConfirmButton } from "@/components/ui/confirm-button";
import type { Mode } from "@/lib/core/db";

export function CancelPaymentButton({ mode, paymentId }: { mode: Mode; paymentId: string }) {
  return (
    <ConfirmButton
      label="Cancel payment"
      title="Cancel this payment?"
      description="The buyer can no longer pay it, and the status becomes final (cancelled). This cannot be undone."
      confirmLabel="Cancel payment"
      onConfirm={async () => {
        if (
          !showActionResult(await cancelPaymentAction({ paymentId, mode }), { success: "Payment cancelled" })
        )
          return false;
      }}
    />
  );
}
