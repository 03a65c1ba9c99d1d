// What a request log keeps of a request: everything that helps debug an integration, nothing that
// would let a reader act as the caller or move money. Judged by name (a body's field, a query
// parameter) and by the shape of a value wherever it appears (an API key pasted into a path, a
// wallet's signature inside a Gateway confirm's `results[].data`). `redactRequestLogEntry` is the
// one function the request log writes through; a new kind of secret or personal data is added here.

export const redacted = "[redacted]";

// Names whose value is a secret or a bank account number, in any casing or separator.
const secretName =
  /secret|password|passphrase|signature|^sig$|private.?key|api.?key|access.?key|^key$|token|credential|authorization|mnemonic|seed.?phrase|account.?number|routing.?number|^iban$|^cvc$|^cvv$/i;
// A Tollgate API key, and 64 bytes or more of hex (a compact or a full ECDSA signature, 128 or 130
// digits); a transaction hash (32 bytes) stays readable.
const secretValue = /svc_(?:test|live)_[0-9A-Za-z]+|(?:0x)?[0-9a-f]{128,}/gi;
// A buyer's personal details (a Gateway confirm's `collectedData`): kept only sealed on the payment.
const personalName = /^collected.?data$/i;

/** A string with every secret-shaped part replaced. */
export function redactText(value: string): string {
  return value.replace(secretValue, redacted);
}

/**
 * A copy of a parsed JSON body with secret values replaced by "[redacted]". `byName: false` judges
 * values only (an Error object names fields, such as `signature`, to say what is wrong with them).
 */
export function redactBody(value: unknown, { byName = true } = {}, depth = 0): unknown {
  if (depth > 20) return redacted;
  if (typeof value === "string") return redactText(value);
  if (Array.isArray(value)) return value.map((item) => redactBody(item, { byName }, depth + 1));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [name, inner] of Object.entries(value))
      out[name] =
        (personalName.test(name) || (byName && secretName.test(name))) && inner !== null
          ? redacted
          : redactBody(inner, { byName }, depth + 1);
    return out;
  }
  return value;
}

/** A path with its query: segments and values judged by shape, query parameters also by name. */
export function redactPath(pathWithQuery: string): string {
  const at = pathWithQuery.indexOf("?");
  const path = at < 0 ? pathWithQuery : pathWithQuery.slice(0, at);
  const cleanPath = path
    .split("/")
    .map((segment) => (redactText(decode(segment)) === decode(segment) ? segment : redacted))
    .join("/");
  if (at < 0) return cleanPath;
  const query = pathWithQuery
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq < 0 ? pair : pair.slice(0, eq);
      const value = eq < 0 ? "" : pair.slice(eq + 1);
      if (secretName.test(decode(name)) && eq >= 0) return `${name}=${redacted}`;
      const cleanName = redactText(decode(name)) === decode(name) ? name : redacted;
      const cleanValue = redactText(decode(value)) === decode(value) ? value : redacted;
      return eq < 0 ? cleanName : `${cleanName}=${cleanValue}`;
    })
    .join("&");
  return `${cleanPath}?${query}`;
}

/** What the request log keeps of one request: its path and query, its body, and the error it was answered with. */
export function redactRequestLogEntry<T extends { path: string; body: unknown; errorBody: unknown }>(
  entry: T,
): T {
  return {
    ...entry,
    path: redactPath(entry.path),
    body: redactBody(entry.body),
    errorBody: redactBody(entry.errorBody, { byName: false }),
  };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}
