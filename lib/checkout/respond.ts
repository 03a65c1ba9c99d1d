import "server-only";
import { respond, respondWithError } from "@/lib/api/execute";
import { newId } from "@/lib/ids";

/** A checkout route's JSON answer: what `run` returns, or the Error object of what it threw. */
export async function respondToCheckout(run: () => Promise<unknown>): Promise<Response> {
  const requestId = newId("req");
  try {
    return respond({ status: 200, body: await run() }, requestId);
  } catch (error) {
    return respondWithError(error, requestId);
  }
}
