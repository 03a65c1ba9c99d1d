import type { PaymentStatus } from "@/lib/core/db";

// The payment state machine. requires_action: created, the buyer has not paid. processing: a
// transaction is seen and confirming. The other four are final and never change.

const transitions: Record<PaymentStatus, readonly PaymentStatus[]> = {
  requires_action: ["processing", "succeeded", "failed", "cancelled", "expired"],
  // Funds are in flight: only the chain's verdict ends it.
  processing: ["succeeded", "failed"],
  succeeded: [],
  failed: [],
  cancelled: [],
  expired: [],
};

export function isFinalStatus(status: PaymentStatus): boolean {
  return transitions[status].length === 0;
}

export function canTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  return transitions[from].includes(to);
}

/** The statuses a payment may be in for it to move to `to`. */
export function sourcesOf(to: PaymentStatus): PaymentStatus[] {
  return (Object.keys(transitions) as PaymentStatus[]).filter((from) => transitions[from].includes(to));
}

/** How long a client should wait before polling again; null once final. */
export function pollHintMs(status: PaymentStatus): number | null {
  if (isFinalStatus(status)) return null;
  return status === "processing" ? 1_000 : 2_000;
}

export const defaultLifetimeMs = 15 * 60 * 1000;
export const maxLifetimeMs = 30 * 24 * 60 * 60 * 1000;
export const minLifetimeMs = 60 * 1000;
