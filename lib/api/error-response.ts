import "server-only";
import type { AppError } from "@/lib/errors/errors";
import { inRequest } from "@/lib/log/request-context";
import { respond } from "./execute";

/** An AppError as the spec's Error object, for answers given before any operation runs (no route, wrong method). */
export function errorResponse(error: AppError, headers: Record<string, string> = {}): Response {
  return inRequest((requestId) => respond({ status: error.status, body: error.toJSON() }, requestId, undefined, false, headers));
}
