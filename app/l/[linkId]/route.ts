import { requestNonce } from "@/lib/platform/checkout/request-nonce";
import { renderLinkPage, type LinkPageView } from "@/lib/platform/checkout/views/link-page";
import { renderNotFoundPage } from "@/lib/platform/checkout/views/not-found-page";
import { AppError } from "@/lib/core/errors/errors";
import {
  describeLinkAmount,
  findPublicPaymentLink,
  mintPayment,
} from "@/lib/domain/payment-links/mint-payment";
import { MintPaymentFormSchema } from "@/lib/domain/schemas/payment-link";
import type { z } from "zod";
import { checkoutRoute } from "@/lib/platform/checkout/routes/checkout-route";

// A reusable payment link's public page. A GET only shows it: crawlers and link previews fetch
// pages, so a payment is minted only when the buyer presses Continue (the form's POST).
const headers = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" };

export const GET = checkoutRoute<{ linkId: string }>({
  method: "GET",
  path: "/l/{linkId}",
  origin: "any",
  rateLimit: null,
  answer: "response",
  handler: ({ request, params }) => page(request, params.linkId, {}, {}),
});

// Continue: mints the buyer's payment and sends them to its checkout.
export const POST = checkoutRoute<{ linkId: string }, typeof MintPaymentFormSchema>({
  method: "POST",
  path: "/l/{linkId}",
  origin: "checkout_page",
  rateLimit: { by: "mintPayment: five at once, then one a minute, per link and caller address" },
  input: { from: "form", schema: MintPaymentFormSchema },
  answer: "response",
  refused: ({ request, params, input }, error) =>
    error.code === "params_validation"
      ? page(request, params.linkId, input, error.details?.fields as LinkPageView["errors"], 400)
      : page(request, params.linkId, input, { form: "Continue from this payment link's own page." }, 403),
  handler: ({ request, params, input }) => mint(request, params.linkId, input),
});

async function mint(request: Request, linkId: string, values: z.output<typeof MintPaymentFormSchema>) {
  try {
    const link = await findPublicPaymentLink(linkId);
    const result = await mintPayment(link, values, request.headers);
    if (result.ok)
      return new Response(null, { status: 303, headers: { Location: `/pay/${result.paymentId}` } });
    return page(request, linkId, values, { [result.field ?? "form"]: result.error }, link.active ? 400 : 410);
  } catch (error) {
    if (error instanceof AppError && error.code === "rate_limited") {
      return page(request, linkId, values, { form: error.message }, 429, {
        "Retry-After": String(error.details?.retryAfterSeconds ?? 60),
      });
    }
    if (error instanceof AppError && error.code === "merchant_not_found")
      return page(request, linkId, values, { form: "This merchant no longer takes payments." }, 410);
    if (error instanceof AppError && error.code === "not_found") return notFoundPage(request);
    throw error;
  }
}

async function page(
  request: Request,
  linkId: string,
  values: LinkPageView["values"],
  errors: LinkPageView["errors"],
  status = 200,
  extra: Record<string, string> = {},
) {
  const nonce = requestNonce(request);
  try {
    const link = await findPublicPaymentLink(linkId);
    const amount = describeLinkAmount(link);
    const view: LinkPageView = {
      mode: link.mode,
      merchant: link.merchant,
      active: link.active,
      fixedAmount: amount.fixed,
      bounds: amount,
      values,
      errors,
    };
    return new Response(renderLinkPage(view, nonce), {
      status: link.active ? status : 410,
      headers: { ...headers, ...extra },
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return notFoundPage(request);
    throw error;
  }
}

function notFoundPage(request: Request) {
  return new Response(renderNotFoundPage(requestNonce(request)), { status: 404, headers });
}
