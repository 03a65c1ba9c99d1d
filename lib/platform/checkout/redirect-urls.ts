import type { Payment } from "@/lib/core/db";

export type CheckoutRedirects = { success: string; error: string };

/**
 * Where the checkout sends the buyer once the payment is final, when the merchant gave
 * `checkout: {successUrl, errorUrl}` at creation: success for `succeeded`, error for every other
 * final status, each with `?payment_id=<id>` (WalletConnect Pay's convention) added to its query.
 */
export function checkoutRedirects(
  payment: Pick<Payment, "id" | "checkoutSuccessUrl" | "checkoutErrorUrl">,
): CheckoutRedirects | null {
  if (!payment.checkoutSuccessUrl || !payment.checkoutErrorUrl) return null;
  const withId = (address: string) => {
    const url = new URL(address);
    url.searchParams.set("payment_id", payment.id);
    return url.toString();
  };
  return { success: withId(payment.checkoutSuccessUrl), error: withId(payment.checkoutErrorUrl) };
}
