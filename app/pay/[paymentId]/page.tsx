import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { CheckoutHeader } from "@/components/checkout/checkout-header";
import { PaymentOption } from "@/components/checkout/payment-option";
import { TestModeBanner } from "@/components/checkout/test-mode-banner";
import { getCheckout } from "@/lib/checkout/get-checkout";
import { safeReturnUrl } from "@/lib/checkout/return-url";
import { AppError } from "@/lib/errors";
import { BrowserWalletButton } from "./browser-wallet-button";
import { LiveCheckout } from "./live-checkout";
import { TestControls } from "./test-controls";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ paymentId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const loadCheckout = cache(async (paymentId: string) => {
  try {
    return await getCheckout(paymentId);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const checkout = await loadCheckout((await params).paymentId);
  return { title: `Pay ${checkout.merchant.name}`, robots: { index: false, follow: false } };
}

export default async function CheckoutPage({ params, searchParams }: Props) {
  const checkout = await loadCheckout((await params).paymentId);
  const returnUrl = safeReturnUrl((await searchParams).returnUrl);
  const { paymentId, options } = checkout;
  return (
    <div className="min-h-screen bg-muted/40">
      {checkout.mode === "test" ? <TestModeBanner /> : null}
      <main className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-6">
        <div className="flex flex-col gap-6 rounded-xl border border-border bg-background p-5 shadow-sm">
          <CheckoutHeader merchant={checkout.merchant} referenceId={checkout.referenceId} amount={checkout.amount} />
          <LiveCheckout
            paymentId={paymentId}
            initialStatus={checkout.status}
            expiresAt={checkout.expiresAt}
            serverNow={checkout.readAt}
            amount={checkout.amount}
            merchantName={checkout.merchant.name}
            returnUrl={returnUrl}
          >
            {checkout.mode === "test" ? (
              <TestControls paymentId={paymentId} />
            ) : options.length === 0 ? (
              <p className="text-center text-sm text-muted-foreground">
                {checkout.merchant.name} cannot take payment for this amount yet. Please contact them.
              </p>
            ) : (
              <section className="flex flex-col gap-3" aria-label="Choose how to pay">
                <h2 className="text-sm font-medium">Choose how to pay</h2>
                {options.map((option, index) => (
                  <PaymentOption key={option.settlementId} paymentId={paymentId} option={option} open={index === 0}>
                    {option.request ? (
                      <BrowserWalletButton paymentId={paymentId} settlementId={option.settlementId} transaction={option.request.transaction} networkName={option.networkName} />
                    ) : null}
                  </PaymentOption>
                ))}
              </section>
            )}
          </LiveCheckout>
        </div>
        <p className="text-center text-xs text-muted-foreground">Payments by Tollgate</p>
      </main>
    </div>
  );
}
