import "server-only";
import { isChainUnavailable, shortReason } from "@/lib/core/errors/chain-errors";
import { AppError, toErrorResponse } from "@/lib/core/errors/errors";
import { logger } from "./logger";

/** What a client may see of `error` (see toErrorResponse); an unexpected error is logged here, once, with its stack. */
export function errorAnswer(error: unknown, requestId: string): ReturnType<typeof toErrorResponse> {
  const answer = toErrorResponse(error, requestId);
  if (!(error instanceof AppError) && answer.status === 500)
    logger.error({ err: error, requestId }, "Unexpected error");
  else if (isChainUnavailable(error))
    logger.warn({ requestId, reason: shortReason(error) }, "A chain's RPC node did not answer.");
  return answer;
}
