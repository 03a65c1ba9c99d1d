// The `returnUrl` an embedding app appends to the gateway link: its own deep link, shown to the
// buyer as "Return to app" once the payment is final. Anyone can append one to a payment link, so
// only an absolute URL of a scheme that cannot run script or open local content is kept, and only
// when its destination is on an allow-list the account made (the merchant's or a public app's):
// otherwise a Tollgate page would send buyers wherever whoever shared the link chose.

const MAX_LENGTH = 2048;
const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;
const UNSAFE_CHARACTERS = /[\s\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/;
const REFUSED_SCHEMES = new Set([
  "javascript:",
  "vbscript:",
  "data:",
  "file:",
  "blob:",
  "filesystem:",
  "about:",
]);

/** The return URL to offer, or null when `candidate` is missing or refused (then none is shown). */
export function safeReturnUrl(candidate: string | string[] | undefined | null): string | null {
  if (typeof candidate !== "string" || candidate.length === 0 || candidate.length > MAX_LENGTH) return null;
  // Browsers drop tabs and newlines inside a URL (`java\tscript:` runs), so any whitespace refuses it.
  if (UNSAFE_CHARACTERS.test(candidate) || !SCHEME.test(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (REFUSED_SCHEMES.has(url.protocol)) return null;
  // A web address needs a host; `https:evil.example` would be read as one anyway, so be exact.
  if ((url.protocol === "https:" || url.protocol === "http:") && !/^https?:\/\/[^/?#\\]/i.test(candidate))
    return null;
  return candidate;
}

/**
 * What an allow-list entry names: the origin of an https URL (`https://shop.example.com`, so any
 * path on it), or the scheme of an app link (`myapp://`, so any link into the app). Null for
 * http and the refused schemes, which no list may allow.
 */
export function returnOrigin(url: URL): string | null {
  if (url.protocol === "https:") return url.origin;
  if (url.protocol === "http:" || REFUSED_SCHEMES.has(url.protocol)) return null;
  return `${url.protocol}//`;
}

/** `candidate` when it is safe and its origin or app scheme is in `allowed`, else null (then none is shown). */
export function allowedReturnUrl(
  candidate: string | string[] | undefined | null,
  allowed: readonly string[],
): string | null {
  const safe = safeReturnUrl(candidate);
  if (!safe) return null;
  const origin = returnOrigin(new URL(safe));
  return origin && allowed.includes(origin) ? safe : null;
}
