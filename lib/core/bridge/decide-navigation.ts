// The navigation rules for a web view that embeds the checkout (spec section 4, embedding rules 3
// and 4). Parses by hand rather than with `URL`, which React Native's runtime only partly provides.

export type NavigationDecision = "forward-to-os" | "allow" | "block";

// RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
// Whitespace and control characters never appear in a URL a web view hands over; browsers would
// silently drop some of them (`java\tscript:`), so a URL that has any is refused as malformed.
const UNSAFE_CHARACTERS = /[\s\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/;
// Never a wallet deeplink, and an OS handed one may run it in a browser's context.
const NEVER_FORWARDED = new Set(["javascript", "vbscript", "data", "file", "blob", "filesystem"]);

/**
 * What a web view embedding the checkout does with a navigation to `url`:
 *
 * - `forward-to-os`: the query has a parameter `uri` whose (decoded) value starts with `wc:` — a
 *   WalletConnect deeplink, whatever its scheme (`https://…/wc?uri=wc:…`, `metamask://wc?uri=wc:…`).
 *   Hand it to the operating system (`Linking.openURL`, `UIApplication.open`, an `ACTION_VIEW`
 *   intent) and do not load it. Script and local-content schemes are never forwarded.
 * - `allow`: an `https://host…` or `about:` URL; load it in the web view.
 * - `block`: everything else, including `http:`, `tel:`, `sms:`, `mailto:`, `intent:`,
 *   `ethereum:`, `javascript:`, and anything malformed or without a scheme.
 *
 * Schemes and the `wc:` prefix compare case-insensitively; the parameter name `uri` is exact.
 */
export function decideNavigation(url: string): NavigationDecision {
  if (typeof url !== "string" || UNSAFE_CHARACTERS.test(url)) return "block";
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (!scheme) return "block";
  if (
    !NEVER_FORWARDED.has(scheme) &&
    queryValues(url, "uri").some((value) => value.toLowerCase().startsWith("wc:"))
  ) {
    return "forward-to-os";
  }
  if (scheme === "about") return "allow";
  // `https:` needs an authority: `https:example.com` and `https:///x` are malformed.
  if (scheme === "https") return /^https:\/\/[^/?#\\]/i.test(url) ? "allow" : "block";
  return "block";
}

/** Every value of the query parameter `name`, percent-decoded (`+` is a space). */
function queryValues(url: string, name: string): string[] {
  const withoutFragment = url.split("#", 1)[0] ?? "";
  const start = withoutFragment.indexOf("?");
  if (start === -1) return [];
  const values: string[] = [];
  for (const pair of withoutFragment.slice(start + 1).split("&")) {
    const equals = pair.indexOf("=");
    const key = decode(equals === -1 ? pair : pair.slice(0, equals));
    if (key === name && equals !== -1) {
      const value = decode(pair.slice(equals + 1));
      if (value !== null) values.push(value);
    }
  }
  return values;
}

function decode(component: string): string | null {
  try {
    return decodeURIComponent(component.replace(/\+/g, " "));
  } catch {
    return null;
  }
}
