import "server-only";
import { respond, respondWithError } from "@/lib/platform/api/answer";
import { inRequest } from "@/lib/core/log/request-context";

/** A checkout route's JSON answer: what `run` returns, or the Error object of what it threw. */
export function respondToCheckout(run: () => Promise<unknown>): Promise<Response> {
  return inRequest(async (requestId) => {
    try {
      return respond({ status: 200, body: await run() }, requestId);
    } catch (error) {
      return respondWithError(error, requestId);
    }
  });
}
