import "server-only";
import { AppError, toErrorResponse } from "@/lib/errors/errors";
import { logger } from "./logger";

/** What a client may see of `error` (see toErrorResponse); an unexpected error is logged here, once, with its stack. */
export function errorAnswer(error: unknown, requestId: string): ReturnType<typeof toErrorResponse> {
  const answer = toErrorResponse(error, requestId);
  if (!(error instanceof AppError) && answer.status === 500) logger.error({ err: error, requestId }, "Unexpected error");
  return answer;
}
