import { checkoutRoute } from "@/lib/platform/checkout/routes/checkout-route";
import { readCheckoutStatus } from "@/lib/platform/checkout/read-status";
import { StatusQuerySchema } from "@/lib/domain/schemas/payment";

// The checkout page's own status poll. Public: the payment id in the path is the capability.
export const GET = checkoutRoute<{ paymentId: string }, typeof StatusQuerySchema>({
  method: "GET",
  path: "/pay/{paymentId}/status",
  origin: "any",
  rateLimit: { by: "readCheckoutStatus: held polls capped per caller address" },
  input: { from: "query", schema: StatusQuerySchema },
  answer: "json",
  handler: ({ request, params, input, source }) =>
    readCheckoutStatus(params.paymentId, input.maxPollMs, request.signal, source),
});
