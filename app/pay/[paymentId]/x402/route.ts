import { answer, toResponse } from "@/lib/platform/api/answer";
import { checkoutRoute } from "@/lib/platform/checkout/routes/checkout-route";
import { perPaymentAndSource } from "@/lib/platform/checkout/routes/post-routes";
import { answerX402Url } from "@/lib/domain/x402/payment-url";

// The payment's x402Url: 402 with its requirements, or, with a PAYMENT-SIGNATURE, settled and answered with its status.
export const GET = checkoutRoute<{ paymentId: string }>({
  method: "GET",
  path: "/pay/{paymentId}/x402",
  // x402 clients are programs, not the checkout page.
  origin: "any",
  // A payment attempt reads and writes the chain: limited like the checkout's posts.
  rateLimit: { ...perPaymentAndSource, when: (request) => Boolean(request.headers.get("payment-signature")) },
  answer: "json",
  handler: async ({ request, params, requestId }) => {
    const x402 = await answerX402Url(params.paymentId, request.headers.get("payment-signature"));
    return toResponse(answer(x402, requestId, undefined, false, x402.headers));
  },
});
