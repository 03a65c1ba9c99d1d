import "server-only";
import { db, type DbOrTx } from "@/lib/core/db";
import { writeTransactionLimits } from "@/lib/domain/context/call-context";
import { tenant } from "@/lib/core/tenancy/scope";
import { AppError } from "@/lib/core/errors/errors";
import { inRequest } from "@/lib/core/log/request-context";
import { checkInput, parseInput } from "@/lib/core/errors/validation";
import { logApiRequest } from "@/lib/platform/api/log-api-request";
import { answer, answerError, type ApiAnswer } from "./answer";
import type { ApiRequest } from "./api-request";
import { authenticate, requirePermission, type Authenticated } from "./authenticate";
import type { ApiContext } from "./context";
import {
  requestFingerprint,
  runIdempotent,
  runPlanned,
  validateIdempotencyKey,
  type ApiResult,
} from "./idempotency";
import type { AnyOperation } from "./operation";
import { consumeRateLimit } from "./rate-limit";
import { readJson } from "./read-body";
import { requestedApiVersion, resolveApiVersion } from "./version";
import { operationShapes } from "./versioned-shapes";

/** Runs one operation for one HTTP request: authenticate → limit → version → parse → (idempotently) handle → answer. */
export function executeOperation(
  operation: AnyOperation,
  request: ApiRequest,
  rawParams: Record<string, unknown>,
): Promise<ApiAnswer> {
  return inRequest(async (requestId) => {
    const started = performance.now();
    // What the request log needs, filled in as the steps learn it.
    const seen: Seen = {};
    const answered = await runOperation(operation, request, rawParams, requestId, seen);
    if (seen.auth) {
      logApiRequest({
        method: request.method,
        path: `${request.pathname}${request.search}`,
        status: answered.status,
        requestId,
        started,
        auth: seen.auth,
        body: seen.body,
        errorBody: seen.errorBody,
      });
    }
    return answered;
  });
}

type Seen = { auth?: Authenticated; body?: unknown; errorBody?: unknown };

async function runOperation(
  operation: AnyOperation,
  request: ApiRequest,
  rawParams: Record<string, unknown>,
  requestId: string,
  seen: Seen,
): Promise<ApiAnswer> {
  let apiVersion: string | undefined;
  try {
    const auth = await authenticate(request.header, operation.auth === "api_key_or_app");
    seen.auth = auth;
    if (operation.modes && !operation.modes.includes(auth.mode)) {
      throw new AppError(
        "forbidden",
        `This operation is only available with ${operation.modes.join(" or ")} keys.`,
      );
    }
    requirePermission(auth.caller, operation.permission);
    await consumeRateLimit(auth.caller);
    apiVersion = resolveApiVersion(requestedApiVersion(request.header), auth.accountApiVersion);
    const ctx: ApiContext = {
      accountId: auth.accountId,
      mode: auth.mode,
      caller: auth.caller,
      actor: auth.actor,
      apiVersion,
      requestId,
    };
    // The request is read in its version's shapes; the handler answers in the current one, which
    // is turned into the version's here, so a replayed answer is given in the replay's version.
    const shapes = operationShapes(operation, apiVersion);
    const versioned = (result: ApiResult): ApiResult =>
      result.status < 400 ? { ...result, body: shapes.answer(result.body) } : result;

    const params = operation.params ? parsePathParams(operation, rawParams) : undefined;
    const query = shapes.query
      ? parseInput(shapes.query, queryObject(new URLSearchParams(request.search)), "query parameters")
      : undefined;
    const rawBody = operation.body ? await readJson(request.header, request.body) : undefined;
    seen.body = rawBody;
    const body = shapes.body ? parseInput(shapes.body, rawBody, "request body") : undefined;
    const merchantId = operation.merchantHeader ? merchantFromHeader(request.header("merchant-id")) : "";
    const input = { ctx, params, query, body, merchantId, signal: request.signal };

    const run = async (tx: DbOrTx): Promise<ApiResult> => ({
      status: operation.status,
      body: await operation.handler({ ...input, ctx: { ...ctx, tx, scope: tenant(ctx) } }),
    });

    if (operation.method === "GET" || operation.ownTransactions)
      return answer(versioned(await run(db())), requestId, apiVersion);

    const key = request.header("idempotency-key");
    if (key === null && operation.idempotency === "required") {
      throw new AppError(
        "missing_idempotency_key",
        "This request requires an Idempotency-Key header: a fresh unique string per new resource.",
      );
    }
    const idempotency =
      key === null
        ? null
        : {
            key: validateIdempotencyKey(key),
            fingerprint: requestFingerprint({
              method: operation.method,
              path: request.pathname,
              merchantId,
              body: rawBody,
            }),
          };

    // A refusal is left to the handler, which gives it (and stores it under the key).
    const plan = await operation.plan?.(input).catch((error: unknown) => {
      if (error instanceof AppError) return null;
      throw error;
    });
    if (plan) {
      const result = { status: operation.status, body: plan.body };
      if (await runPlanned(ctx, plan, result, idempotency))
        return answer(versioned(result), requestId, apiVersion);
    }

    if (!idempotency)
      return answer(versioned(await db().$transaction(run, writeTransactionLimits)), requestId, apiVersion);
    const result = await runIdempotent(ctx, idempotency.key, idempotency.fingerprint, run);
    // A replayed refusal is a failure too.
    if (result.status >= 400) seen.errorBody = result.body;
    return answer(versioned(result), requestId, apiVersion, result.replayed);
  } catch (error) {
    const failed = answerError(error, requestId, apiVersion, operation.errorVocabulary);
    seen.errorBody = failed.errorBody;
    return failed.answer;
  }
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
  if (!value?.trim())
    throw new AppError("missing_merchant_id", "The Merchant-Id header is required.", {
      fields: { "Merchant-Id": "Required." },
    });
  return value.trim();
}

/**
 * A path names a resource: one whose id Tollgate could not have made does not exist, so it is the
 * operation's 404 (as for an id that is well formed but unknown), not a bad parameter.
 */
function parsePathParams(operation: AnyOperation, rawParams: Record<string, unknown>) {
  const checked = checkInput(operation.params!, rawParams);
  if (checked.ok) return checked.data;
  const code = operation.errors?.find((c) => c.endsWith("_not_found")) ?? "not_found";
  throw new AppError(code, `No such resource: ${Object.keys(checked.fields).join(", ")} names nothing here.`);
}
