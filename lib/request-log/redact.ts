// What a request log keeps of a body: everything that helps debug an integration, nothing that
// would let a reader act as the caller or move money. Judged by field name, and by value for what
// has no telling name (a wallet's signature inside a Gateway confirm's `results[].data`).

export const redacted = "[redacted]";

// Names of fields whose value is a secret or a bank account number, in any casing or separator.
const secretName = /secret|password|passphrase|signature|private.?key|api.?key|^key$|token|mnemonic|seed.?phrase|account.?number|routing.?number|^iban$|^cvc$|^cvv$/i;
// An ECDSA signature (65 bytes, as wallets return from eth_sign*) or longer hex: a transaction
// hash (32 bytes) stays readable.
const signatureValue = /^0x[0-9a-f]{130,}$/i;
// A buyer's personal details (a Gateway confirm's `collectedData`): kept only sealed on the payment.
const personalName = /^collected.?data$/i;

/** A copy of a parsed JSON body with secret values replaced by "[redacted]". */
export function redactBody(value: unknown, depth = 0): unknown {
  if (depth > 20) return redacted;
  if (typeof value === "string") return signatureValue.test(value) ? redacted : value;
  if (Array.isArray(value)) return value.map((item) => redactBody(item, depth + 1));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [name, inner] of Object.entries(value)) out[name] = (secretName.test(name) || personalName.test(name)) && inner !== null ? redacted : redactBody(inner, depth + 1);
    return out;
  }
  return value;
}
