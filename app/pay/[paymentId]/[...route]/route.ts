import { dispatchCheckoutPost } from "@/lib/platform/checkout/routes/dispatch";

// Every POST of the hosted checkout (`/pay/{id}/option`, `/wallet/confirm`, …), each declared once in
// lib/platform/checkout/routes with its origin rule, rate limit and body schema.
export async function POST(
  request: Request,
  { params }: { params: Promise<{ paymentId: string; route: string[] }> },
) {
  const { paymentId, route } = await params;
  return dispatchCheckoutPost(request, paymentId, route.join("/"));
}
