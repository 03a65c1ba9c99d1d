import { chainUnavailable, isChainUnavailable } from "./chain-errors";

// One error type for the whole domain. The API turns it into the spec's Error object; server
// actions turn it into form errors. Anything that is not an AppError is unexpected: it is logged
// with a request id and shown only as `internal_error` (or `service_unavailable` when the
// database cannot be reached).

export const errorStatus = {
  // Codes the spec does not name follow WalletConnect Pay's vocabulary, so its clients can parse them.
  params_validation: 400,
  missing_idempotency_key: 400,
  invalid_api_version: 400,
  unknown_api_version: 400,
  api_version_downgrade: 400,
  payment_not_succeeded: 400,
  // A settlement destination that would certainly lose the money sent to it (details.reasons says why).
  unsafe_destination: 400,
  // A dashboard form's warnings the user has not yet confirmed.
  confirmation_required: 400,
  // WalletConnect Pay's codes for the gateway: invalid_params is a request that parses but cannot be right (a signature by another key).
  invalid_params: 400,
  invalid_state: 400,
  quote_expired: 400,
  payment_expired: 400,
  // The relayer will not pay gas for this authorization (details.reason says why); the wallet may send the transfer itself.
  gas_sponsorship_refused: 400,
  // WalletConnect Pay's App-Id vocabulary: both credentials at once, neither, or half of App-Id + Client-Id.
  conflicting_auth_headers: 400,
  missing_auth_headers: 401,
  missing_app_id: 401,
  missing_client_id: 401,
  invalid_app_id: 401,
  missing_api_key: 401,
  invalid_api_key: 401,
  unauthenticated: 401,
  missing_merchant_id: 401,
  forbidden: 403,
  not_found: 404,
  payment_not_found: 404,
  merchant_not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  settlement_asset_conflict: 409,
  idempotency_conflict: 409,
  idempotency_in_progress: 409,
  already_refunded: 409,
  // The checkout reported an outcome the payment did not reach (lib/platform/checkout/record-outcome.ts).
  outcome_mismatch: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  // The account's relays used their daily gas budget on this chain (Retry-After: the next UTC day).
  sponsorship_budget_exhausted: 429,
  // A sensitive change asked for within minutes of re-entering a password or second-factor code.
  reauthentication_required: 403,
  internal_error: 500,
  service_unavailable: 503,
  // Failures of the chain or the relayer, not of Tollgate (lib/core/errors/chain-errors.ts maps them).
  relayer_out_of_funds: 503,
  relayer_unavailable: 503,
  chain_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export type ErrorObject = { message: string; code: string; details?: Record<string, unknown> };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return errorStatus[this.code];
  }

  toJSON(): ErrorObject {
    return this.details
      ? { message: this.message, code: this.code, details: this.details }
      : { message: this.message, code: this.code };
  }
}

export const notFound = (what: string) => new AppError("not_found", `${what} not found.`);
export const paymentNotFound = () => new AppError("payment_not_found", "Payment not found.");

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
  if (isChainUnavailable(error)) return { status: 503, body: chainUnavailable(requestId).toJSON() };
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
