import { checkoutRoute } from "@/lib/platform/checkout/routes/checkout-route";
import { dispatchCheckoutPost } from "@/lib/platform/checkout/routes/dispatch";

// Every POST of the hosted checkout (`/pay/{id}/option`, `/wallet/confirm`, …), each declared once in
// lib/platform/checkout/routes/post-routes.ts with its origin rule, rate limit and body schema.
export const POST = checkoutRoute<{ paymentId: string; route: string[] }>({
  method: "POST",
  path: "/pay/{paymentId}/{route}",
  origin: "checkout_page",
  rateLimit: { by: "dispatchCheckoutPost, each declared route's own" },
  answer: "json",
  handler: ({ request, params }) => dispatchCheckoutPost(request, params.paymentId, params.route.join("/")),
});
