import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors/errors";
import { errorAnswer } from "@/lib/log/error-answer";
import { inRequest } from "@/lib/log/request-context";
import { parseInput } from "@/lib/errors/validation";
import { logApiRequest } from "@/lib/request-log/log-api-request";
import { authenticate, requirePermission, type Authenticated } from "./authenticate";
import type { ApiContext } from "./context";
import { requestFingerprint, runIdempotent, validateIdempotencyKey, type ApiResult } from "./idempotency";
import type { AnyOperation } from "./operation";
import { consumeRateLimit } from "./rate-limit";
import { readJsonBody } from "./read-body";
import { requestedApiVersion, resolveApiVersion } from "./version";

/** Runs one operation for one HTTP request: authenticate → limit → version → parse → (idempotently) handle → respond. */
export function executeOperation(operation: AnyOperation, request: Request, rawParams: Record<string, unknown>): Promise<Response> {
  return inRequest(async (requestId) => {
    const started = performance.now();
    // What the request log needs, filled in as the steps learn it.
    const seen: Seen = {};
    const response = await runOperation(operation, request, rawParams, requestId, seen);
    if (seen.auth) logApiRequest({ request, response, requestId, started, auth: seen.auth, body: seen.body, errorBody: seen.errorBody });
    return response;
  });
}

type Seen = { auth?: Authenticated; body?: unknown; errorBody?: unknown };

async function runOperation(operation: AnyOperation, request: Request, rawParams: Record<string, unknown>, requestId: string, seen: Seen): Promise<Response> {
  let apiVersion: string | undefined;
  try {
    const auth = await authenticate(request.headers, operation.auth === "api_key_or_app");
    seen.auth = auth;
    if (operation.modes && !operation.modes.includes(auth.mode)) {
      throw new AppError("forbidden", `This operation is only available with ${operation.modes.join(" or ")} keys.`);
    }
    requirePermission(auth.caller, operation.permission);
    await consumeRateLimit(auth.caller);
    apiVersion = resolveApiVersion(requestedApiVersion(request.headers), auth.accountApiVersion);
    const ctx: ApiContext = { accountId: auth.accountId, mode: auth.mode, caller: auth.caller, actor: auth.actor, apiVersion, requestId };

    const params = operation.params ? parseInput(operation.params, rawParams, "path parameters") : undefined;
    const query = operation.query ? parseInput(operation.query, queryObject(new URL(request.url).searchParams), "query parameters") : undefined;
    const rawBody = operation.body ? await readJsonBody(request) : undefined;
    seen.body = rawBody;
    const body = operation.body ? parseInput(operation.body, rawBody, "request body") : undefined;
    const merchantId = operation.merchantHeader ? merchantFromHeader(request.headers.get("merchant-id")) : "";

    const run = async (q: Parameters<AnyOperation["handler"]>[0]["q"]): Promise<ApiResult> => ({
      status: operation.status,
      body: await operation.handler({ ctx, params, query, body, merchantId, q, signal: request.signal }),
    });

    if (operation.method === "GET" || operation.ownTransactions) return respond(await run(db()), requestId, apiVersion);

    const key = request.headers.get("idempotency-key");
    if (key === null) {
      if (operation.idempotency === "required") {
        throw new AppError("missing_idempotency_key", "This request requires an Idempotency-Key header: a fresh unique string per new resource.");
      }
      return respond(await db().$transaction(run, { timeout: 20_000, maxWait: 10_000 }), requestId, apiVersion);
    }
    const fingerprint = requestFingerprint({ method: operation.method, path: new URL(request.url).pathname, merchantId, body: rawBody });
    const result = await runIdempotent(ctx, validateIdempotencyKey(key), fingerprint, run);
    // A replayed refusal is a failure too.
    if (result.status >= 400) seen.errorBody = result.body;
    return respond(result, requestId, apiVersion, result.replayed);
  } catch (error) {
    return respondWithError(error, requestId, apiVersion, seen);
  }
}

/** The Error object of what was thrown, with Retry-After when the caller is being rate limited. */
export function respondWithError(error: unknown, requestId: string, apiVersion?: string, seen?: Seen): Response {
  const headers: Record<string, string> = {};
  if (error instanceof AppError && error.code === "rate_limited") headers["Retry-After"] = String(error.details?.retryAfterSeconds ?? 1);
  const failure = errorAnswer(error, requestId);
  if (seen) seen.errorBody = failure.body;
  return respond(failure, requestId, apiVersion, false, headers);
}

/** Query parameters by name; a repeated one is a list, so a schema that expects one value refuses it. */
function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of params) {
    const previous = out[key];
    out[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return out;
}

function merchantFromHeader(value: string | null): string {
  if (!value?.trim()) throw new AppError("missing_merchant_id", "The Merchant-Id header is required.", { fields: { "Merchant-Id": "Required." } });
  return value.trim();
}

export function respond(result: ApiResult, requestId: string, apiVersion?: string, replayed = false, extra: Record<string, string> = {}): Response {
  const headers: Record<string, string> = { "Cache-Control": "no-store", "Request-Id": requestId, ...extra };
  if (apiVersion) headers["Tollgate-Version"] = apiVersion;
  if (replayed) headers["Idempotent-Replayed"] = "true";
  return Response.json(result.body, { status: result.status, headers });
}
