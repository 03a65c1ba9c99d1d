import type { z } from "zod";
import type { BucketPolicy } from "@/lib/core/limits/rate-limit";
import type { CallContext } from "@/lib/domain/context/call-context";

/**
 * Who may post: `checkout_page` is the payment's own checkout page only (a browser always sends
 * `Origin` with a POST, and another site's page shows its own), answered 403 `forbidden` otherwise.
 */
export type OriginRule = "checkout_page";

/**
 * Whose bucket a post draws from: the caller's address on this payment (`payment_and_source`,
 * shared by every route declaring it), or the caller's address whatever the payment (`source`).
 */
export type CheckoutRateLimit = BucketPolicy & { per: "payment_and_source" | "source" };

/**
 * One POST route of the hosted checkout (`/pay/{paymentId}/{path}`), declared once with its origin
 * rule, rate limit and body schema; lib/platform/checkout/routes/dispatch.ts applies them before `handler`.
 */
export type CheckoutPostRoute<B extends z.ZodType = z.ZodType> = {
  path: string;
  origin: OriginRule;
  rateLimit: CheckoutRateLimit;
  body: B;
  /**
   * `ctx` is the buyer's call context on the payment (its account and mode, actor `buyer`, `tx` the
   * client); `source` is the caller's address, as the rate limit counts it.
   */
  handler: (input: {
    ctx: CallContext;
    paymentId: string;
    body: z.output<B>;
    source: string;
  }) => Promise<unknown>;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds routes of every body shape
export type AnyCheckoutPostRoute = CheckoutPostRoute<any>;

export function defineCheckoutPost<B extends z.ZodType>(route: CheckoutPostRoute<B>): CheckoutPostRoute<B> {
  return route;
}
