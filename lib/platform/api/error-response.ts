import "server-only";
import type { AppError } from "@/lib/core/errors/errors";
import { inRequest } from "@/lib/core/log/request-context";
import { answer, toResponse, type ApiAnswer } from "./answer";

/** An AppError as the spec's Error object, for answers given before any operation runs (no route, wrong method). */
export function refusal(error: AppError, headers: Record<string, string> = {}): ApiAnswer {
  return inRequest((requestId) =>
    answer({ status: error.status, body: error.toJSON() }, requestId, undefined, false, headers),
  );
}

/** `refusal` as a fetch Response. */
export function errorResponse(error: AppError, headers: Record<string, string> = {}): Response {
  return toResponse(refusal(error, headers));
}
