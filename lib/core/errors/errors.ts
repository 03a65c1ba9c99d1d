import { isSmtpError, smtpFailure } from "./mail-errors";
import { chainRpcError, chainUnavailable, isChainRpcError, isChainUnavailable } from "./chain-errors";
import { AppError, type ErrorObject } from "./app-error";

export * from "./app-error";

// Driver and Prisma error codes that mean "the database is not there right now", as opposed to a
// bug in a query.
const unavailableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "EPIPE",
  "P1001",
  "P1002",
  "P1017",
  "P2024",
  "P2037",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "53300",
  // A write that reached a node just demoted by a failover (the router has not caught up yet).
  "25006",
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);
const unavailableMessages =
  /connection terminated|connection refused|timeout exceeded when trying to connect|can't reach database|server closed the connection|terminating connection|too many (clients|database connections|connections)|remaining connection slots are reserved|unable to start a transaction in the given time|in a read-only transaction|encountered a connection error and is not queryable|query_wait_timeout|server conn crashed|server login has been failing|pgbouncer cannot connect to server|no more connections allowed/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 6; depth++) {
    if (typeof e !== "object") break;
    const record = e as {
      code?: unknown;
      kind?: unknown;
      message?: unknown;
      cause?: unknown;
      originalCode?: unknown;
    };
    for (const value of [record.code, record.kind, record.originalCode]) {
      if (typeof value === "string" && unavailableCodes.has(value)) return true;
    }
    if (typeof record.message === "string" && unavailableMessages.test(record.message)) return true;
    e = record.cause;
  }
  return false;
}

/**
 * Another instance changed the same row first (a payment moved on, or already ended, under a
 * background task's feet): expected when several instances work the same rows, and settled by
 * reading again, so not an error to report. Only for background work: to an API caller a final
 * payment is an answer.
 */
export function isConcurrentChange(error: unknown): boolean {
  return (
    error instanceof AppError &&
    (error.code === "conflict" || (error.code === "invalid_state" && error.details?.final === true))
  );
}

/** Maps any thrown value to the HTTP status and Error object a client may see. */
export function toErrorResponse(error: unknown, requestId: string): { status: number; body: ErrorObject } {
  if (error instanceof AppError) return { status: error.status, body: error.toJSON() };
  // Before the chain's: a mail server's refused connection reads like a node's.
  if (isSmtpError(error)) {
    const failure = smtpFailure(error);
    return {
      status: failure.status,
      body: { ...failure.toJSON(), details: { ...failure.details, requestId } },
    };
  }
  if (isChainUnavailable(error)) return { status: 503, body: chainUnavailable(requestId).toJSON() };
  if (isChainRpcError(error)) return { status: 502, body: chainRpcError(error, requestId).toJSON() };
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: {
        code: "service_unavailable",
        message: "The service is temporarily unavailable. Retry shortly.",
        details: { requestId },
      },
    };
  }
  return {
    status: 500,
    body: { code: "internal_error", message: "An internal error occurred.", details: { requestId } },
  };
}
