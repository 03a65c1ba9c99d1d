import { AppError } from "@/lib/core/errors/errors";
import { BuyerDetailsFormSchema } from "@/lib/domain/schemas/collect-data";
import {
  buyerDetailsView,
  formErrors,
  prefillValues,
  submitBuyerDetails,
} from "@/lib/platform/checkout/buyer-details";
import { requestNonce } from "@/lib/platform/checkout/request-nonce";
import { checkoutRoute } from "@/lib/platform/checkout/routes/checkout-route";
import { perPaymentAndSource } from "@/lib/platform/checkout/routes/post-routes";
import { renderDetailsPage } from "@/lib/platform/checkout/views/details-page";
import { renderNotFoundPage } from "@/lib/platform/checkout/views/not-found-page";

// The hosted form behind options' `collectData.url` (information capture, WalletConnect's web-view
// flow): a wallet opens it, the buyer gives their details here, and the page tells the wallet
// (IC_COMPLETE) to confirm without `collectedData`. Server-rendered; its only script is that message.
const headers = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" };

export const GET = checkoutRoute<{ paymentId: string }>({
  method: "GET",
  path: "/pay/{paymentId}/details",
  origin: "any",
  rateLimit: null,
  answer: "response",
  handler: ({ request, params }) =>
    page(request, params.paymentId, prefillValues(new URL(request.url).searchParams.get("prefill")), {}),
});

// Submit details: kept sealed on the payment as confirm's `collectedData` is, then the page again
// (303), which now says they were received and signals the wallet.
export const POST = checkoutRoute<{ paymentId: string }, typeof BuyerDetailsFormSchema>({
  method: "POST",
  path: "/pay/{paymentId}/details",
  origin: "checkout_page",
  rateLimit: perPaymentAndSource,
  input: { from: "form", schema: BuyerDetailsFormSchema },
  answer: "response",
  refused: ({ request, params, input }, error) =>
    error.code === "params_validation"
      ? page(request, params.paymentId, input, formErrors(error), 400)
      : page(
          request,
          params.paymentId,
          input,
          { form: error.code === "rate_limited" ? error.message : "Submit your details from this page." },
          error.code === "rate_limited" ? 429 : 403,
        ),
  handler: async ({ request, params, input }) => {
    try {
      await submitBuyerDetails(params.paymentId, input);
      return new Response(null, { status: 303, headers: { Location: `/pay/${params.paymentId}/details` } });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const values = {
        ...Object.fromEntries(input.sent.map((f) => [f.id, f.value])),
        ...(input.accepted ? { accept: "yes" } : {}),
      };
      return page(request, params.paymentId, values, formErrors(error), 400);
    }
  },
});

async function page(
  request: Request,
  paymentId: string,
  values: Record<string, string>,
  errors: Record<string, string>,
  status = 200,
) {
  const nonce = requestNonce(request);
  try {
    const view = await buyerDetailsView(paymentId, values, errors);
    return new Response(renderDetailsPage(view, nonce), { status, headers });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found")
      // A refused post (403, 429) keeps its status, whatever the payment.
      return new Response(renderNotFoundPage(nonce), { status: status > 400 ? status : 404, headers });
    throw error;
  }
}
