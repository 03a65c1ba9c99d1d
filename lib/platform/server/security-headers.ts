import crypto from "node:crypto";
import type http from "node:http";

// Security headers for every response, set where the request enters the process. The page's
// Content-Security-Policy carries a fresh nonce; Next reads it from the request's own CSP header
// and puts it on the scripts it renders, so no inline script runs without it.

// A JSON API answer runs nothing and embeds nothing: the strictest policy, with no nonce to make.
const apiPolicy = "default-src 'none'; frame-ancestors 'none'";

/**
 * `connectSources`: origins beyond our own that scripts may connect to (a WalletConnect relay).
 * `api`: the request is for the JSON API, whose answers get the fixed `apiPolicy`.
 */
export function applySecurityHeaders(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  production: boolean,
  connectSources: string[] = [],
  api = false,
): void {
  const policy = api
    ? apiPolicy
    : contentSecurityPolicy(crypto.randomBytes(16).toString("base64"), production, connectSources);
  if (!api) req.headers["content-security-policy"] = policy;
  res.setHeader("Content-Security-Policy", policy);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  if (production && isHttps(req))
    res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
}

export function contentSecurityPolicy(
  nonce: string,
  production: boolean,
  connectSources: string[] = [],
): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic' lets Next's nonce'd bootstrap load its own chunks; dev mode also needs eval.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${production ? "" : " 'unsafe-eval'"}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    ["connect-src 'self'", ...connectSources, ...(production ? [] : ["ws:", "wss:"])].join(" "),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

function isHttps(req: http.IncomingMessage): boolean {
  return (
    req.headers["x-forwarded-proto"] === "https" || Boolean((req.socket as { encrypted?: boolean }).encrypted)
  );
}
