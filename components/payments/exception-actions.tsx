"use client";

import { refundExcessAction, resolveExceptionAction } from "@/lib/platform/actions/payments";
import { showActionResult } from "@/components/forms/action-feedback";
import { ConfirmButton } from "@/components/ui/confirm-button";
import type { Mode } from "@/lib/core/db";
import type { ExceptionType } from "@/lib/domain/schemas/payment";

/**
 * Support's ways of dealing with an exception, one button per intent, each confirmed first: refund
 * the excess through Tollgate (moves money), record money already returned by hand (moves nothing),
 * or dismiss. The payment's general refund stays in the page header.
 */
export function ExceptionActions({
  mode,
  paymentId,
  type,
  canAccept,
  excess,
}: {
  mode: Mode;
  paymentId: string;
  type: ExceptionType;
  canAccept: boolean;
  excess: string | null;
}) {
  const run = async (action: "accept" | "refunded" | "dismiss", success: string) => {
    if (!showActionResult(await resolveExceptionAction({ paymentId, action, mode }), { success }))
      return false;
  };
  return (
    <div className="flex flex-wrap gap-2">
      {canAccept ? (
        <ConfirmButton
          label="Accept as paid"
          variant="default"
          title="Accept the underpayment as paid?"
          description="The payment succeeds with what the buyer sent, and the merchant is notified as for any successful payment. This cannot be undone."
          confirmLabel="Accept as paid"
          onConfirm={() => run("accept", "Underpayment accepted: the payment succeeded")}
        />
      ) : null}
      {excess ? (
        <ConfirmButton
          label={`Refund the excess ${excess}`}
          variant="default"
          title={`Refund ${excess} to the buyer?`}
          description={
            mode === "live"
              ? `A refund of exactly ${excess} is created. It completes, and resolves this exception, when the merchant's wallet sends it back to the buyer and the transfer is confirmed.`
              : `A refund of exactly ${excess} is made at once (test mode), and this exception is resolved as refunded.`
          }
          confirmLabel={`Refund ${excess}`}
          onConfirm={async () => {
            if (
              !showActionResult(await refundExcessAction({ paymentId, mode }), {
                success:
                  mode === "live"
                    ? "Excess refund created: waiting for the return transfer"
                    : "Excess refunded",
              })
            )
              return false;
          }}
        />
      ) : null}
      <ConfirmButton
        label="Mark as already returned"
        variant="outline"
        title="Mark the money as already returned?"
        description={`Record that the merchant already sent the buyer back ${type === "overpaid" ? "the excess" : "what they should not have paid"} outside Tollgate. No money moves; this only resolves the exception.`}
        confirmLabel="Mark as refunded"
        onConfirm={() => run("refunded", "Exception marked as refunded")}
      />
      <ConfirmButton
        label="Dismiss"
        variant="outline"
        title="Dismiss this exception?"
        description="Nothing changes on the payment; the exception is marked as dealt with."
        confirmLabel="Dismiss"
        onConfirm={() => run("dismiss", "Exception dismissed")}
      />
    </div>
  );
}
