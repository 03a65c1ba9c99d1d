import { respondWithError } from "@/lib/platform/api/answer";
import { limitCheckoutPost, requestSource } from "@/lib/platform/checkout/routes/dispatch";
import { perPaymentAndSource } from "@/lib/platform/checkout/routes/post-routes";
import { inRequest } from "@/lib/core/log/request-context";
import { answerX402Url } from "@/lib/domain/x402/payment-url";

// The payment's x402Url: 402 with its requirements, or, with a PAYMENT-SIGNATURE, settled and answered with its status.
export async function GET(request: Request, { params }: { params: Promise<{ paymentId: string }> }) {
  return inRequest(async (requestId) => {
    try {
      const { paymentId } = await params;
      const paymentHeader = request.headers.get("payment-signature");
      // A payment attempt reads and writes the chain: limited like the checkout's posts.
      if (paymentHeader) await limitCheckoutPost(perPaymentAndSource, paymentId, requestSource(request));
      const answer = await answerX402Url(paymentId, paymentHeader);
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: {
          "Content-Type": "application/json",
          "Cache-Control": "no-store",
          "Request-Id": requestId,
          ...answer.headers,
        },
      });
    } catch (error) {
      return respondWithError(error, requestId);
    }
  });
}
