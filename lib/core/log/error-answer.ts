import "server-only";
import { shortReason } from "@/lib/core/errors/chain-errors";
import { AppError, toErrorResponse } from "@/lib/core/errors/errors";
import { logger } from "./logger";

/**
 * What a client may see of `error` (see toErrorResponse). An unexpected error (Tollgate's own) is
 * logged here, once, with its stack; a dependency's failure thrown raw (a chain's node, the mail
 * server) as a warning naming its code and the dependency's words.
 */
export function errorAnswer(error: unknown, requestId: string): ReturnType<typeof toErrorResponse> {
  const answer = toErrorResponse(error, requestId);
  if (!(error instanceof AppError) && answer.status === 500)
    logger.error({ err: error, requestId }, "Unexpected error");
  else if (!(error instanceof AppError) && answer.status > 500 && answer.body.code !== "service_unavailable")
    logger.warn(
      { requestId, code: answer.body.code, reason: shortReason(error) },
      "A service Tollgate depends on failed.",
    );
  return answer;
}
