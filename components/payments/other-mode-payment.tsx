import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import type { Mode } from "@/lib/core/db";

/** A payment opened in the mode it is not in: said so, with the way to it, instead of a bare 404. */
export function OtherModePayment({ paymentId, mode, other }: { paymentId: string; mode: Mode; other: Mode }) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border bg-background px-6 py-12 text-center"
      data-testid="payment-other-mode"
    >
      <h1 className="text-xl font-semibold">This payment is in {other} mode</h1>
      <p className="max-w-md text-sm text-muted-foreground">
        <code className="break-all text-xs">{paymentId}</code> is a {other}-mode payment of this account; you
        are looking at {mode}-mode data, which never mixes with {other}-mode data.
      </p>
      <Link href={`/${other}/payments/${paymentId}`} className={buttonVariants()}>
        Open it in {other} mode
      </Link>
    </div>
  );
}
