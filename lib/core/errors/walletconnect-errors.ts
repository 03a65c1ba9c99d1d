import type { ErrorCode, ErrorObject } from "./errors";

// The Gateway answers in WalletConnect Pay's error vocabulary (its clients parse only the codes of
// its ErrorCode enum). A Tollgate code outside it is answered with the nearest code WalletConnect
// knows, keeping the status and Retry-After, and the Tollgate code in details.code.
const nearest: Partial<Record<ErrorCode, ErrorCode>> = {
  gas_sponsorship_refused: "invalid_state",
  sponsorship_budget_exhausted: "rate_limited",
  relayer_out_of_funds: "internal_error",
  relayer_unavailable: "internal_error",
  chain_unavailable: "internal_error",
  service_unavailable: "internal_error",
};

export function inWalletConnectTerms(body: ErrorObject): ErrorObject {
  const code = nearest[body.code as ErrorCode];
  return code ? { ...body, code, details: { ...body.details, code: body.code } } : body;
}
