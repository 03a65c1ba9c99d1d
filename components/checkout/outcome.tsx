import { Ban, CircleCheck, CircleX, Clock } from "lucide-react";
import type { PaymentStatusJson } from "@/lib/schemas/payment";
import { outcomeMessage, type FinalStatus } from "@/lib/bridge/outcome-message";
import { primaryAction } from "./styles";

const presentation = {
  succeeded: { title: "Payment successful", Icon: CircleCheck, tone: "text-emerald-600" },
  failed: { title: "Payment failed", Icon: CircleX, tone: "text-destructive" },
  cancelled: { title: "Payment cancelled", Icon: Ban, tone: "text-muted-foreground" },
  expired: { title: "Payment expired", Icon: Clock, tone: "text-muted-foreground" },
} as const;

/** A final payment: what happened, and the way back to the app when one was given. */
export function Outcome({ status, amount, merchantName, returnUrl }: { status: PaymentStatusJson; amount: string; merchantName: string; returnUrl: string | null }) {
  const final = status.status as FinalStatus;
  const { title, Icon, tone } = presentation[final];
  const message = outcomeMessage(final);
  return (
    <section data-testid="payment-outcome" data-status={final} className="flex flex-col items-center gap-3 py-6 text-center" aria-live="polite">
      <Icon aria-hidden className={`size-14 ${tone}`} strokeWidth={1.5} />
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="text-sm text-muted-foreground">
        {message.success ? `You paid ${amount} to ${merchantName}.` : message.error}
        {final === "expired" || final === "failed" ? ` Ask ${merchantName} for a new payment link if you still want to pay.` : null}
      </p>
      {status.info ? (
        <dl className="w-full space-y-1 rounded-md bg-muted p-3 text-left text-xs">
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">Paid with</dt>
            <dd>
              {status.info.display.assetSymbol} on {status.info.display.networkName}
            </dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="shrink-0 text-muted-foreground">Transaction</dt>
            <dd className="break-all font-mono" data-testid="transaction-id">
              {status.info.txId}
            </dd>
          </div>
        </dl>
      ) : null}
      {returnUrl ? (
        <a href={returnUrl} className={`${primaryAction} mt-2 w-full`} data-testid="return-to-app">
          Return to app
        </a>
      ) : null}
    </section>
  );
}
