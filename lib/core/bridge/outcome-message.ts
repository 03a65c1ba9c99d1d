// The web side of the bridge: the message the checkout posts when a payment reaches a final state.

export type FinalStatus = "succeeded" | "failed" | "cancelled" | "expired";

export type OutcomeMessage =
  | { type: "PAY_SUCCESS"; success: true; message: string }
  | { type: "PAY_FAILURE"; success: false; error: string };

const failureReasons: Record<Exclude<FinalStatus, "succeeded">, string> = {
  failed: "The payment failed.",
  cancelled: "The payment was cancelled.",
  expired: "The payment expired before it was paid.",
};

export function outcomeMessage(status: FinalStatus): OutcomeMessage {
  return status === "succeeded"
    ? { type: "PAY_SUCCESS", success: true, message: "The payment succeeded." }
    : { type: "PAY_FAILURE", success: false, error: failureReasons[status] };
}
