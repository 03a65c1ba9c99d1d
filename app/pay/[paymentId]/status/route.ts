import { clientAddress } from "@/lib/auth/client-address";
import { respondToCheckout } from "@/lib/checkout/respond";
import { readCheckoutStatus } from "@/lib/checkout/read-status";
import { StatusQuerySchema } from "@/lib/schemas/payment";
import { parseInput } from "@/lib/errors/validation";

// The checkout page's own status poll. Public: the payment id in the path is the capability.
export async function GET(request: Request, { params }: { params: Promise<{ paymentId: string }> }) {
  return respondToCheckout(async () => {
    const query = parseInput(
      StatusQuerySchema,
      Object.fromEntries(new URL(request.url).searchParams),
      "query parameters",
    );
    return readCheckoutStatus(
      (await params).paymentId,
      query.maxPollMs,
      request.signal,
      clientAddress(Object.fromEntries(request.headers)),
    );
  });
}
