import "server-only";
import { respond } from "@/lib/api/execute";
import { toErrorResponse } from "@/lib/errors";
import { newId } from "@/lib/ids";

/** A checkout route's JSON answer: what `run` returns, or the Error object of what it threw. */
export async function respondToCheckout(run: () => Promise<unknown>): Promise<Response> {
  const requestId = newId("req");
  try {
    return respond({ status: 200, body: await run() }, requestId);
  } catch (error) {
    return respond(toErrorResponse(error, requestId), requestId);
  }
}
