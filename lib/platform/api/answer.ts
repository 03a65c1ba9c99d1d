import "server-only";
import { AppError, type ErrorObject } from "@/lib/core/errors/errors";
import { inWalletConnectTerms } from "@/lib/core/errors/walletconnect-errors";
import { errorAnswer } from "@/lib/core/log/error-answer";

export type ApiResult = { status: number; body: unknown };

/** An API answer as it goes on the wire: its status, its headers and its JSON body as text. */
export type ApiAnswer = { status: number; headers: Record<string, string>; body: string };

export function answer(
  result: ApiResult,
  requestId: string,
  apiVersion?: string,
  replayed = false,
  extra: Record<string, string> = {},
): ApiAnswer {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "Cache-Control": "no-store",
    "Request-Id": requestId,
    ...extra,
  };
  if (apiVersion) headers["Tollgate-Version"] = apiVersion;
  if (replayed) headers["Idempotent-Replayed"] = "true";
  return { status: result.status, headers, body: JSON.stringify(result.body) };
}

/** The Error object of what was thrown, with Retry-After when the error says when to retry (rate limits, an unavailable chain or relayer). */
export function answerError(
  error: unknown,
  requestId: string,
  apiVersion?: string,
  vocabulary?: "walletconnect",
): { answer: ApiAnswer; errorBody: ErrorObject } {
  const headers: Record<string, string> = {};
  if (error instanceof AppError && error.code === "rate_limited")
    headers["Retry-After"] = String(error.details?.retryAfterSeconds ?? 1);
  const answered = errorAnswer(error, requestId);
  const failure =
    vocabulary === "walletconnect" ? { ...answered, body: inWalletConnectTerms(answered.body) } : answered;
  const retryAfter = failure.body.details?.retryAfterSeconds;
  if (typeof retryAfter === "number") headers["Retry-After"] = String(retryAfter);
  // The database away (a failover takes seconds): worth retrying shortly.
  else if (failure.status === 503) headers["Retry-After"] ??= "2";
  return { answer: answer(failure, requestId, apiVersion, false, headers), errorBody: failure.body };
}

/** An answer as a fetch Response, for routes served by Next (the checkout's). */
export function toResponse(a: ApiAnswer): Response {
  return new Response(a.body, { status: a.status, headers: a.headers });
}

export function respond(result: ApiResult, requestId: string): Response {
  return toResponse(answer(result, requestId));
}

export function respondWithError(error: unknown, requestId: string): Response {
  return toResponse(answerError(error, requestId).answer);
}
