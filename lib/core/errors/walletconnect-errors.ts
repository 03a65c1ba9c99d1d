import type { ErrorCode, ErrorObject } from "./app-error";

// The Gateway answers in WalletConnect Pay's error vocabulary (its clients parse only the codes of
// its ErrorCode enum). A Tollgate code outside it is answered with the nearest code WalletConnect
// knows, keeping the status and Retry-After, and the Tollgate code in details.code. A dependency's
// failure (the database, a chain's node, the relayer) has no such neighbour: WalletConnect's only
// candidate, internal_error, would blame Tollgate, so it is answered in Tollgate's own code.
const nearest: Partial<Record<ErrorCode, ErrorCode>> = {
  gas_sponsorship_refused: "invalid_state",
  sponsorship_budget_exhausted: "rate_limited",
};

export function inWalletConnectTerms(body: ErrorObject): ErrorObject {
  const code = nearest[body.code as ErrorCode];
  return code ? { ...body, code, details: { ...body.details, code: body.code } } : body;
}
