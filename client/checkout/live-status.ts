import type { PaymentStatusJson } from "@/lib/domain/schemas/payment";

const longPollMs = 20_000;
const retryAfterErrorMs = 5_000;

export type LiveStatus = {
  /** A status learned from an action (e.g. a test-mode button), shown at once. */
  report: (status: PaymentStatusJson) => void;
  /** Poll now rather than at the next hint (e.g. when the countdown reaches zero). */
  refresh: () => void;
};

/**
 * Keeps the page on the payment's live status: polls the checkout's status route (long polls,
 * waiting `pollInMs` between them) until the payment is final, and calls `onChange` with every new
 * status. A final status never changes, whatever a late response says.
 */
export function watchStatus(
  paymentId: string,
  initial: PaymentStatusJson,
  onChange: (status: PaymentStatusJson) => void,
): LiveStatus {
  let current = initial;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const report = (next: PaymentStatusJson) => {
    if (current.isFinal) return;
    current = next;
    onChange(next);
    if (next.isFinal) stop();
  };

  const stop = () => {
    controller?.abort();
    clearTimeout(timer);
  };

  const poll = async (maxPollMs: number, signal: AbortSignal) => {
    let wait = retryAfterErrorMs;
    try {
      const response = await fetch(`/pay/${paymentId}/status?maxPollMs=${maxPollMs}`, {
        cache: "no-store",
        signal,
      });
      if (response.ok) {
        const next = (await response.json()) as PaymentStatusJson;
        if (signal.aborted) return;
        report(next);
        if (next.isFinal) return;
        wait = next.pollInMs ?? wait;
      }
    } catch {
      if (signal.aborted) return;
    }
    if (!signal.aborted) timer = setTimeout(() => void poll(longPollMs, signal), wait);
  };

  const refresh = () => {
    if (current.isFinal) return;
    stop();
    controller = new AbortController();
    // The first look is immediate: the status may have moved since the page was rendered.
    void poll(0, controller.signal);
  };

  refresh();
  return { report, refresh };
}
