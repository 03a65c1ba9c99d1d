import type { FinalStatus } from "@/lib/core/bridge/outcome-message";
import type { BridgeName } from "./post-outcome";

/**
 * Tells the server which bridges the outcome was posted to, for the payment's history. Fire and
 * forget, after the bridge call: nothing here may delay or break the page. `keepalive` lets the
 * request finish when the page goes on to the merchant's redirect at once.
 */
export function reportOutcome(paymentId: string, outcome: FinalStatus, bridges: BridgeName[]): void {
  try {
    // The body is read so the request completes; an unread one stays open in Chromium.
    void fetch(`/pay/${paymentId}/outcome`, {
      method: "POST",
      keepalive: true,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ outcome, bridges }),
    })
      .then((response) => response.text())
      .catch(() => {});
  } catch {
    // fetch itself threw (a host that replaced it): the history misses one line, the buyer nothing.
  }
}
