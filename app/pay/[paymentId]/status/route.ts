import { clientAddress } from "@/lib/domain/auth/client-address";
import { respondToCheckout } from "@/lib/platform/checkout/respond";
import { readCheckoutStatus } from "@/lib/platform/checkout/read-status";
import { StatusQuerySchema } from "@/lib/domain/schemas/payment";
import { parseInput } from "@/lib/core/errors/validation";

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
