import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/core/errors/errors";
import { parseInput } from "@/lib/core/errors/validation";
import { inRequest } from "@/lib/core/log/request-context";
import { respond, respondWithError } from "@/lib/platform/api/answer";
import { assertSameOrigin } from "@/lib/platform/checkout/same-origin";
import type { CallContext } from "@/lib/domain/context/call-context";
import { buyerContext, limitCheckoutPost, requestSource } from "./dispatch";
import type { CheckoutRateLimit, OriginRule } from "./post-route";

type Params = Record<string, string | string[]>;

/** What a checkout route's function is handed, once its declaration's rules have passed. */
export type CheckoutCall<P extends Params, I> = {
  request: Request;
  params: P;
  /** The query or form, checked by the declared schema (undefined when none is declared). */
  input: I;
  /** The caller's address, as checkout rate limits count it. */
  source: string;
  /** The request's id, answered as `Request-Id`. */
  requestId: string;
  /**
   * The buyer's call context on the payment named by `params.paymentId` (its account and mode, actor
   * `buyer`), when the route drew from that payment's rate limit, which reads it; null otherwise.
   */
  ctx: CallContext | null;
};

type Rules<P extends Params, S extends z.ZodType | undefined> = {
  /** The route as the buyer's browser or wallet asks for it, e.g. `/pay/{paymentId}/x402`. */
  path: string;
  /**
   * Whose bucket a call draws from (on the payment named by `params.paymentId`), taken only `when`
   * the request asks for work worth limiting; or where the route's limit is applied instead (`by`);
   * or null for a read that needs none.
   */
  rateLimit: (CheckoutRateLimit & { when?: (request: Request) => boolean }) | { by: string } | null;
  input?: { from: "query" | "form"; schema: NonNullable<S> };
  /** `json`: what `handler` returns, as 200 JSON; `response`: the Response it makes (a page, a script). */
  answer: "json" | "response";
  /** A `response` route's answer to a call its rules refused (origin, rate limit, input): its page. */
  refused?: (call: CheckoutCall<P, Record<string, string>>, error: AppError) => Promise<Response>;
  handler: (call: CheckoutCall<P, S extends z.ZodType ? z.output<S> : undefined>) => Promise<unknown>;
};

/**
 * One route of the hosted checkout or a payment link's page (everything under `/pay/` and `/l/`),
 * declared once with its origin rule, rate limit and input schema: a POST changes something, so
 * only the page itself may send it (`origin` must be `checkout_page`); a GET is open to anyone
 * with the link (wallets, x402 clients and crawlers included).
 */
export type CheckoutRoute<P extends Params, S extends z.ZodType | undefined = undefined> = Rules<P, S> &
  ({ method: "GET"; origin: OriginRule | "any" } | { method: "POST"; origin: OriginRule });

type NextHandler = (request: Request, context: { params: Promise<Params> }) => Promise<Response>;

const declarations = new WeakMap<NextHandler, { method: "GET" | "POST"; path: string; origin: string }>();

/** The declaration a route file's exported handler was made from, for the test that holds every POST to its origin rule. */
export function declarationOf(handler: unknown) {
  return declarations.get(handler as NextHandler);
}

/**
 * A Next route handler for a declared checkout route: it applies the origin rule, then the rate
 * limit, then the input schema, then calls `handler`, inside one request (its `Request-Id`). A JSON
 * route answers what `handler` returns (a Response as it is, anything else as 200 JSON) or the
 * Error object of what was refused or thrown; a `response` route answers `refused`'s page when refused.
 */
export function checkoutRoute<P extends Params, S extends z.ZodType | undefined = undefined>(
  route: CheckoutRoute<P, S>,
): NextHandler {
  const serve: NextHandler = (request, context) =>
    inRequest(async (requestId) => {
      const params = (await context.params) as P;
      const call: CheckoutCall<P, unknown> = {
        request,
        params,
        input: {},
        source: requestSource(request),
        requestId,
        ctx: null,
      };
      let input: unknown;
      try {
        if (route.origin === "checkout_page") assertSameOrigin(request);
        const limit = route.rateLimit;
        if (limit && "burst" in limit && (limit.when?.(request) ?? true))
          call.ctx = buyerContext(await limitCheckoutPost(limit, String(params.paymentId), call.source));
        if (route.input) {
          const raw = await readInput(request, route.input.from);
          call.input = raw;
          input = parseInput(
            route.input.schema,
            raw,
            route.input.from === "query" ? "query parameters" : "form",
          );
        }
      } catch (error) {
        if (route.refused && error instanceof AppError)
          return route.refused(call as CheckoutCall<P, Record<string, string>>, error);
        if (route.answer === "json") return respondWithError(error, requestId);
        throw error;
      }
      if (route.answer === "response") return (await route.handler({ ...call, input } as never)) as Response;
      try {
        const answered = await route.handler({ ...call, input } as never);
        return answered instanceof Response ? answered : respond({ status: 200, body: answered }, requestId);
      } catch (error) {
        return respondWithError(error, requestId);
      }
    });
  declarations.set(serve, { method: route.method, path: route.path, origin: route.origin });
  return serve;
}

async function readInput(request: Request, from: "query" | "form"): Promise<Record<string, string>> {
  if (from === "query") return Object.fromEntries(new URL(request.url).searchParams);
  const form = await request.formData().catch(() => new FormData());
  return Object.fromEntries([...form].map(([key, value]) => [key, String(value)]));
}
