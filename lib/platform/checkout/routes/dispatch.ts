import "server-only";
import { readJsonBody } from "@/lib/platform/api/read-body";
import { clientAddress } from "@/lib/domain/auth/client-address";
import { db } from "@/lib/core/db";
import { isId } from "@/lib/core/ids/ids";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { parseInput } from "@/lib/core/errors/validation";
import { takeToken } from "@/lib/core/limits/rate-limit";
import { respondToCheckout } from "@/lib/platform/checkout/respond";
import { assertSameOrigin } from "@/lib/platform/checkout/same-origin";
import type { CallContext } from "@/lib/domain/context/call-context";
import type { Scope } from "@/lib/core/tenancy/scope";
import { checkoutPostRoutes } from "./post-routes";
import type { AnyCheckoutPostRoute, CheckoutRateLimit } from "./post-route";

const byPath = new Map(checkoutPostRoutes.map((route) => [route.path, route]));

/**
 * Serves `POST /pay/{paymentId}/{path}`: the declared route's origin rule, then its rate limit,
 * then its body schema, then its handler; the answer is JSON, an Error object when refused.
 */
export function dispatchCheckoutPost(request: Request, paymentId: string, path: string): Promise<Response> {
  return respondToCheckout(async () => {
    const route = byPath.get(path);
    if (!route) throw new AppError("not_found", `No such route: POST /pay/{paymentId}/${path}.`);
    return runCheckoutPost(route, request, paymentId);
  });
}

async function runCheckoutPost(
  route: AnyCheckoutPostRoute,
  request: Request,
  paymentId: string,
): Promise<unknown> {
  if (route.origin === "checkout_page") assertSameOrigin(request);
  const source = requestSource(request);
  const ctx = buyerContext(await limitCheckoutPost(route.rateLimit, paymentId, source));
  const body = parseInput(route.body, await readJsonBody(request), "request body");
  return route.handler({ ctx, paymentId, body, source });
}

/** The caller's address, as checkout rate limits count it. */
export function requestSource(request: Request): string {
  return clientAddress(Object.fromEntries(request.headers.entries())) ?? "unknown";
}

/** The call context of a buyer's call on a payment of `scope` (the checkout's reads need no transaction). */
export function buyerContext(scope: Scope): CallContext {
  return { tx: db(), scope, actor: "buyer" };
}

/**
 * Takes one post from the route's bucket, or refuses with how long to wait, and returns the
 * payment's account and mode. A made-up payment id is a 404 before any bucket is written, so no one
 * can fill the table with buckets for payments that do not exist.
 */
export async function limitCheckoutPost(
  limit: CheckoutRateLimit,
  paymentId: string,
  source: string,
): Promise<Scope> {
  const scope = isId("pay", paymentId)
    ? await db().payment.findUnique({ where: { id: paymentId }, select: { accountId: true, mode: true } })
    : null;
  if (!scope) throw notFound("Payment");
  const bucket = limit.per === "source" ? `checkout::${source}` : `checkout:${paymentId}:${source}`;
  const result = await takeToken(bucket, limit);
  if (!result.ok) {
    const what = limit.per === "source" ? "from your address" : "on this payment";
    throw new AppError("rate_limited", `Too many attempts ${what}. Wait a few seconds and try again.`, {
      retryAfterSeconds: result.retryAfterSeconds,
    });
  }
  return scope;
}
