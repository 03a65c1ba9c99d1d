// One error type for the whole domain. The API turns it into the spec's Error object; server
// actions turn it into form errors. Every code says where the failure came from (errorSource):
// - the caller's request (4xx): invalid input, a state that does not allow it, a permission missing;
// - Tollgate itself (500 `internal_error`): anything that is not an AppError nor a dependency's
//   failure, logged with a request id and shown only as that;
// - a dependency (502 its answer was an error, 503 it is not there, each with Retry-After when a
//   retry may help): the database (`service_unavailable`), a chain's RPC node (`chain_…`), the
//   relayer (`relayer_…`), the mail server (`smtp_…`). A dependency's failure is never reported as
//   `internal_error`: toErrorResponse recognises the ones thrown raw (lib/core/errors/chain-errors.ts,
//   lib/core/errors/mail-errors.ts).

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
  // Tollgate itself.
  internal_error: 500,
  // Dependencies. The database could not be reached.
  service_unavailable: 503,
  // Failures of the chain or the relayer, not of Tollgate (lib/core/errors/chain-errors.ts maps them).
  relayer_out_of_funds: 503,
  relayer_unavailable: 503,
  chain_unavailable: 503,
  // A chain's RPC node answered, with an error where an answer was due.
  chain_rpc_error: 502,
  // The mail server (SMTP_URL): not there, or refusing a mail (lib/core/errors/mail-errors.ts).
  smtp_unavailable: 503,
  smtp_rejected: 502,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** Where a failure came from: the caller's request, Tollgate itself, or a service Tollgate depends on. */
export type ErrorSource = "request" | "tollgate" | "dependency";

export function errorSource(code: ErrorCode): ErrorSource {
  const status = errorStatus[code];
  return status < 500 ? "request" : status === 500 ? "tollgate" : "dependency";
}

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
