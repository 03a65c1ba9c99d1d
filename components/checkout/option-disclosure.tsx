"use client";

import { useCallback, useEffect, useRef } from "react";

/**
 * One payment option as an exclusive disclosure (`<details name>`, so opening one closes the others
 * without any script). Opening it tells the server which option the buyer is looking at, so a
 * transfer made from its QR code is checked against that option's quote.
 */
export function OptionDisclosure({ paymentId, settlementId, asset, open, summary, children }: { paymentId: string; settlementId: string; asset: string; open: boolean; summary: React.ReactNode; children: React.ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const choose = useCallback(() => {
    // Best effort: if it fails, paying through the browser wallet fixes the option anyway.
    // The body is read so the request completes; an unread one stays open in Chromium.
    void fetch(`/pay/${paymentId}/option`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ settlementId }) })
      .then((response) => response.text())
      .catch(() => {});
  }, [paymentId, settlementId]);

  useEffect(() => {
    if (ref.current?.open) choose();
  }, [choose]);

  return (
    <details
      ref={ref}
      name="payment-option"
      open={open}
      onToggle={(event) => {
        if (event.currentTarget.open) choose();
      }}
      className="group rounded-lg border border-border open:border-primary"
      data-testid="payment-option"
      data-asset={asset}
    >
      {summary}
      {children}
    </details>
  );
}
