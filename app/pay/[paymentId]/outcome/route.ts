import { readJsonBody } from "@/lib/api/read-body";
import { limitCheckoutPosts } from "@/lib/checkout/rate-limit";
import { recordBridgeOutcome } from "@/lib/checkout/record-outcome";
import { respondToCheckout } from "@/lib/checkout/respond";
import { assertSameOrigin } from "@/lib/checkout/same-origin";
import { ReportOutcomeBodySchema } from "@/lib/checkout/schemas";
import { parseInput } from "@/lib/errors/validation";

// The checkout page posted the payment's outcome to an embedding app's bridge.
export async function POST(request: Request, { params }: { params: Promise<{ paymentId: string }> }) {
  return respondToCheckout(async () => {
    const { paymentId } = await params;
    assertSameOrigin(request);
    await limitCheckoutPosts(request, paymentId);
    const body = parseInput(ReportOutcomeBodySchema, await readJsonBody(request), "request body");
    return recordBridgeOutcome(paymentId, body);
  });
}
