"use client";

import { useState, useTransition } from "react";
import { useCheckoutStatus } from "@/components/checkout/checkout-status";
import { primaryAction, secondaryAction } from "@/components/checkout/styles";
import { simulateCheckoutAction } from "./actions";

const outcomes = [
  { outcome: "succeeded", label: "Simulate success", className: primaryAction },
  { outcome: "failed", label: "Simulate failure", className: secondaryAction },
  { outcome: "cancelled", label: "Cancel payment", className: secondaryAction },
] as const;

/** Test mode stands in for the wallet: the buyer picks how the payment ends. */
export function TestControls({ paymentId }: { paymentId: string }) {
  const { report } = useCheckoutStatus();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);

  const run = (outcome: (typeof outcomes)[number]["outcome"]) =>
    startTransition(async () => {
      setError(null);
      const result = await simulateCheckoutAction({ paymentId, outcome });
      if (result.ok) report(result.data);
      else setError(result.error);
    });

  return (
    <section className="flex flex-col gap-3" aria-label="Test payment">
      <p className="text-center text-sm text-muted-foreground">This is a test payment. Choose how it ends:</p>
      {outcomes.map(({ outcome, label, className }) => (
        <button key={outcome} type="button" className={className} disabled={pending} onClick={() => run(outcome)}>
          {label}
        </button>
      ))}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </section>
  );
}
