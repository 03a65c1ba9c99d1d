import type { CheckoutOption } from "@/lib/checkout/get-checkout";
import { OptionDisclosure } from "./option-disclosure";
import { QrCode } from "./qr-code";

/**
 * One way to pay: its QR code, an "Open in wallet" link, exact instructions, and `children` (the
 * browser-wallet button), drawn on the server inside a disclosure the buyer opens.
 */
export function PaymentOption({ paymentId, option, open, children }: { paymentId: string; option: CheckoutOption; open: boolean; children?: React.ReactNode }) {
  const { request } = option;
  const summary = (
    <summary className="flex cursor-pointer list-none items-center justify-between gap-3 p-4 [&::-webkit-details-marker]:hidden">
      <span className="flex flex-col">
        <span className="font-medium">{option.assetSymbol}</span>
        <span className="text-xs text-muted-foreground">on {option.networkName}</span>
      </span>
      <span className="text-right font-mono text-sm tabular-nums">{option.amount}</span>
    </summary>
  );
  return (
    <OptionDisclosure paymentId={paymentId} settlementId={option.settlementId} asset={option.asset} open={open} summary={summary}>
      <div className="flex flex-col items-center gap-4 border-t border-border p-4">
        {request ? (
          <>
            <QrCode value={request.uri} label={`QR code to pay ${option.amount} on ${option.networkName}`} />
            <a href={request.uri} className="inline-flex h-11 w-full items-center justify-center rounded-md bg-primary px-5 text-sm font-medium text-primary-foreground hover:bg-primary/90" data-testid="open-in-wallet">
              Open in wallet
            </a>
            {children}
            <p className="w-full text-xs text-muted-foreground">
              Or send exactly <strong className="text-foreground">{option.amount}</strong> on {option.networkName} to{" "}
              <span className="break-all font-mono text-foreground">{request.recipient}</span>. Other amounts, tokens or networks are not matched to this payment.
            </p>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">This option cannot be paid from this page. Choose another one.</p>
        )}
      </div>
    </OptionDisclosure>
  );
}
