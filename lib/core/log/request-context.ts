import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { newId } from "@/lib/core/ids/ids";

type RequestContext = { requestId: string };

// On globalThis: the custom server (run by tsx) and Next's bundle of the same code each load this
// module, and a request entering the one must be seen by the other.
const key = Symbol.for("tollgate.requestContext");
const storage: AsyncLocalStorage<RequestContext> = ((globalThis as Record<symbol, unknown>)[key] ??=
  new AsyncLocalStorage<RequestContext>()) as AsyncLocalStorage<RequestContext>;

/** The id of the request being served (answered as `Request-Id` and put on every log line), if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/**
 * Runs `serve` as one request: inside a request already being served it keeps that request's id,
 * otherwise it gives it a new one. Every log line written meanwhile carries the id.
 */
export function inRequest<T>(serve: (requestId: string) => T): T {
  const current = storage.getStore();
  if (current) return serve(current.requestId);
  const context = { requestId: newId("req") };
  return storage.run(context, () => serve(context.requestId));
}

/** Runs `start` as no request's: for timers and listeners that a request starts but that outlive it. */
export function outsideRequest<T>(start: () => T): T {
  return storage.exit(start);
}
