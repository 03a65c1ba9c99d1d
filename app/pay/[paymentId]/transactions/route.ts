import { readJsonBody } from "@/lib/api/read-body";
import { clientAddress } from "@/lib/auth/client-address";
import { limitCheckoutPosts } from "@/lib/checkout/rate-limit";
import { respondToCheckout } from "@/lib/checkout/respond";
import { SubmitTransactionBodySchema } from "@/lib/checkout/schemas";
import { submitTransaction } from "@/lib/checkout/submit-transaction";
import { parseInput } from "@/lib/errors/validation";

// A live-mode buyer's browser wallet reports the hash of the transfer it sent.
export async function POST(request: Request, { params }: { params: Promise<{ paymentId: string }> }) {
  return respondToCheckout(async () => {
    const { paymentId } = await params;
    await limitCheckoutPosts(request, paymentId);
    const body = parseInput(SubmitTransactionBodySchema, await readJsonBody(request), "request body");
    return submitTransaction(paymentId, body, clientAddress(Object.fromEntries(request.headers.entries())) ?? "unknown");
  });
}
