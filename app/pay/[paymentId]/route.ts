import { checkoutClientScripts, checkoutScriptPath } from "@/lib/platform/checkout/client-script";
import { getCheckout } from "@/lib/platform/checkout/get-checkout";
import { requestNonce } from "@/lib/platform/checkout/request-nonce";
import { allowedReturnUrl } from "@/lib/core/schemas/return-url";
import { walletConnectSetup } from "@/lib/platform/checkout/walletconnect-setup";
import { renderCheckoutPage } from "@/lib/platform/checkout/views/checkout-page";
import { renderNotFoundPage } from "@/lib/platform/checkout/views/not-found-page";
import { AppError } from "@/lib/core/errors/errors";
import { checkoutRoute } from "@/lib/platform/checkout/routes/checkout-route";

// The hosted checkout page (the payment's gatewayUrl): plain server-rendered HTML and one small
// script, not a React page, so a buyer on a phone downloads a few kilobytes instead of a framework.
export const GET = checkoutRoute<{ paymentId: string }>({
  method: "GET",
  path: "/pay/{paymentId}",
  origin: "any",
  rateLimit: null,
  answer: "response",
  handler: ({ request, params }) => checkoutPage(request, params.paymentId),
});

async function checkoutPage(request: Request, paymentId: string) {
  const nonce = requestNonce(request);
  const headers = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" };
  try {
    const checkout = await getCheckout(paymentId);
    const query = new URL(request.url).searchParams;
    const returnUrl = allowedReturnUrl(query.get("returnUrl"), checkout.returnOrigins);
    const scripts = await checkoutClientScripts();
    const walletConnect = walletConnectSetup(
      checkout.merchant,
      returnUrl,
      ["1", "true"].includes(query.get("preferUniversalLinks") ?? ""),
      checkoutScriptPath(scripts.walletConnect.fileName),
    );
    return new Response(
      renderCheckoutPage(checkout, {
        returnUrl,
        nonce,
        scriptSrc: checkoutScriptPath(scripts.page.fileName),
        walletConnect,
      }),
      { headers },
    );
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found")
      return new Response(renderNotFoundPage(nonce), { status: 404, headers });
    throw error;
  }
}
