import { readJsonBody } from "@/lib/api/read-body";
import { chooseCheckoutOption } from "@/lib/checkout/choose-option";
import { limitCheckoutPosts } from "@/lib/checkout/rate-limit";
import { respondToCheckout } from "@/lib/checkout/respond";
import { assertSameOrigin } from "@/lib/checkout/same-origin";
import { ChooseOptionBodySchema } from "@/lib/checkout/schemas";
import { parseInput } from "@/lib/errors/validation";

// The buyer opened a payment option on the checkout page.
export async function POST(request: Request, { params }: { params: Promise<{ paymentId: string }> }) {
  return respondToCheckout(async () => {
    const { paymentId } = await params;
    assertSameOrigin(request);
    await limitCheckoutPosts(request, paymentId);
    const body = parseInput(ChooseOptionBodySchema, await readJsonBody(request), "request body");
    return chooseCheckoutOption(paymentId, body.settlementId);
  });
}
