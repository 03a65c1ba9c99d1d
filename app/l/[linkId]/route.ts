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
import { fieldErrors } from "@/lib/core/errors/validation";

// A reusable payment link's public page. A GET only shows it: crawlers and link previews fetch
// pages, so a payment is minted only when the buyer presses Continue (the form's POST).
const headers = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" };

export async function GET(request: Request, { params }: { params: Promise<{ linkId: string }> }) {
  return page(request, (await params).linkId, {}, {});
}

export async function POST(request: Request, { params }: { params: Promise<{ linkId: string }> }) {
  const { linkId } = await params;
  const raw = Object.fromEntries(await request.formData().catch(() => new FormData()));
  const parsed = MintPaymentFormSchema.safeParse(raw);
  if (!parsed.success)
    return page(request, linkId, raw as LinkPageView["values"], fieldErrors(parsed.error), 400);
  try {
    const link = await findPublicPaymentLink(linkId);
    const result = await mintPayment(link, parsed.data, request.headers);
    if (result.ok)
      return new Response(null, { status: 303, headers: { Location: `/pay/${result.paymentId}` } });
    return page(
      request,
      linkId,
      parsed.data,
      { [result.field ?? "form"]: result.error },
      link.active ? 400 : 410,
    );
  } catch (error) {
    if (error instanceof AppError && error.code === "rate_limited") {
      return page(request, linkId, parsed.data, { form: error.message }, 429, {
        "Retry-After": String(error.details?.retryAfterSeconds ?? 60),
      });
    }
    if (error instanceof AppError && error.code === "merchant_not_found")
      return page(request, linkId, parsed.data, { form: "This merchant no longer takes payments." }, 410);
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
