// The reasons an x402 facilitator gives, as the specification (x402 v2, section 9) and @x402/evm's
// `exact` scheme spell them, so a resource server's middleware and an agent read them as they would
// any facilitator's.
export const reasons = {
  version: "invalid_x402_version",
  scheme: "unsupported_scheme",
  network: "invalid_network",
  payload: "invalid_payload",
  requirements: "invalid_payment_requirements",
  networkMismatch: "invalid_exact_evm_network_mismatch",
  notSponsored: "invalid_exact_evm_eip3009_not_supported",
  tokenName: "invalid_exact_evm_token_name_mismatch",
  tokenVersion: "invalid_exact_evm_token_version_mismatch",
  recipient: "invalid_exact_evm_recipient_mismatch",
  value: "invalid_exact_evm_payload_authorization_value_mismatch",
  validBefore: "invalid_exact_evm_payload_authorization_valid_before",
  validAfter: "invalid_exact_evm_payload_authorization_valid_after",
  signature: "invalid_exact_evm_signature",
  nonceUsed: "invalid_exact_evm_nonce_already_used",
  funds: "insufficient_funds",
  simulation: "invalid_exact_evm_transaction_simulation_failed",
  transaction: "invalid_transaction_state",
  pending: "settlement_pending",
  unexpected: "unexpected_settle_error",
} as const;

export type Refusal = { ok: false; reason: string; message: string; payer?: string };

export const refuse = (reason: string, message: string, payer?: string): Refusal => ({
  ok: false,
  reason,
  message,
  ...(payer ? { payer } : {}),
});
