"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import { CheckoutStatusContext } from "@/components/checkout/checkout-status";
import { Countdown } from "@/components/checkout/countdown";
import { Outcome } from "@/components/checkout/outcome";
import { postOutcomeOnce } from "@/components/checkout/post-outcome";
import type { FinalStatus } from "@/lib/bridge/outcome-message";
import type { PaymentStatusJson } from "@/lib/schemas/payment";

const longPollMs = 20_000;
const retryAfterErrorMs = 5_000;

type Props = {
  paymentId: string;
  initialStatus: PaymentStatusJson;
  expiresAt: string;
  serverNow: number;
  amount: string;
  merchantName: string;
  returnUrl: string | null;
  /** The pay controls, shown only while the payment waits for the buyer. */
  children: React.ReactNode;
};

/**
 * Keeps the page on the payment's live status: polls the checkout's status route (long polls,
 * waiting `pollInMs` between them), swaps the pay controls for the outcome once final, and posts
 * that outcome to an embedding app's bridge.
 */
export function LiveCheckout({ paymentId, initialStatus, expiresAt, serverNow, amount, merchantName, returnUrl, children }: Props) {
  const [status, setStatus] = useState(initialStatus);
  const [pollRound, setPollRound] = useState(0);
  // A final status never changes, whatever a late response says.
  const report = useCallback((next: PaymentStatusJson) => setStatus((current) => (current.isFinal ? current : next)), []);
  const refresh = useCallback(() => setPollRound((n) => n + 1), []);
  const controls = useMemo(() => ({ report, refresh }), [report, refresh]);

  useEffect(() => {
    if (status.isFinal) postOutcomeOnce(paymentId, status.status as FinalStatus);
  }, [paymentId, status]);

  const { isFinal } = status;
  useEffect(() => {
    if (isFinal) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (maxPollMs: number) => {
      let wait = retryAfterErrorMs;
      try {
        const response = await fetch(`/pay/${paymentId}/status?maxPollMs=${maxPollMs}`, { cache: "no-store", signal: controller.signal });
        if (response.ok) {
          const next = (await response.json()) as PaymentStatusJson;
          report(next);
          if (next.isFinal) return;
          wait = next.pollInMs ?? wait;
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      timer = setTimeout(() => void poll(longPollMs), wait);
    };
    // The first look is immediate: the status may have moved since the page was rendered.
    void poll(0);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [paymentId, isFinal, pollRound, report]);

  if (status.isFinal) return <Outcome status={status} amount={amount} merchantName={merchantName} returnUrl={returnUrl} />;
  return (
    <CheckoutStatusContext.Provider value={controls}>
      {status.status === "requires_action" ? (
        <>
          <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground" data-testid="payment-status" data-status={status.status}>
            <span>Waiting for payment · expires in</span>
            <Countdown expiresAt={expiresAt} serverNow={serverNow} onExpire={refresh} />
          </p>
          {children}
        </>
      ) : (
        <p className="py-6 text-center text-sm" role="status" data-testid="payment-status" data-status={status.status}>
          Your payment was seen and is being confirmed. This page updates by itself; you do not need to pay again.
        </p>
      )}
    </CheckoutStatusContext.Provider>
  );
}
