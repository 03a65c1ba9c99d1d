import { requestNonce } from "@/lib/platform/checkout/request-nonce";
import { renderReceiptNotFoundPage } from "@/lib/platform/checkout/views/receipt-not-found-page";
import { renderReceiptPage } from "@/lib/platform/checkout/views/receipt-page";
import { AppError } from "@/lib/core/errors/errors";
import { getReceipt } from "@/lib/domain/receipts/get-receipt";

// The buyer's receipt: plain HTML with no script, found by a random token (not the payment id).
export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const nonce = requestNonce(request);
  const headers = {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
  };
  try {
    return new Response(renderReceiptPage(await getReceipt((await params).token), nonce), { headers });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found")
      return new Response(renderReceiptNotFoundPage(nonce), { status: 404, headers });
    throw error;
  }
}
