import { readJsonBody } from "@/lib/api/read-body";
import { respondToCheckout } from "@/lib/checkout/respond";
import { assertSameOrigin } from "@/lib/checkout/same-origin";
import { SimulateCheckoutInput } from "@/lib/checkout/schemas";
import { simulateCheckout } from "@/lib/checkout/simulate-checkout";
import { parseInput } from "@/lib/validation";

const SimulateCheckoutBody = SimulateCheckoutInput.omit({ paymentId: true });

// Test mode's buyer buttons on the checkout page: succeed, fail or cancel the payment.
export async function POST(request: Request, { params }: { params: Promise<{ paymentId: string }> }) {
  return respondToCheckout(async () => {
    assertSameOrigin(request);
    const { outcome } = parseInput(SimulateCheckoutBody, await readJsonBody(request), "request body");
    return simulateCheckout((await params).paymentId, outcome);
  });
}
