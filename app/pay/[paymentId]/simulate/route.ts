import { readJsonBody } from "@/lib/api/read-body";
import { limitCheckoutPosts } from "@/lib/checkout/rate-limit";
import { respondToCheckout } from "@/lib/checkout/respond";
import { assertSameOrigin } from "@/lib/checkout/same-origin";
import { SimulateCheckoutInputSchema } from "@/lib/checkout/schemas";
import { simulateCheckout } from "@/lib/checkout/simulate-checkout";
import { parseInput } from "@/lib/errors/validation";

const SimulateCheckoutBodySchema = SimulateCheckoutInputSchema.omit({ paymentId: true });

// Test mode's buyer buttons on the checkout page: succeed, fail or cancel the payment.
export async function POST(request: Request, { params }: { params: Promise<{ paymentId: string }> }) {
  return respondToCheckout(async () => {
    const { paymentId } = await params;
    assertSameOrigin(request);
    await limitCheckoutPosts(request, paymentId);
    const { outcome } = parseInput(SimulateCheckoutBodySchema, await readJsonBody(request), "request body");
    return simulateCheckout(paymentId, outcome);
  });
}
