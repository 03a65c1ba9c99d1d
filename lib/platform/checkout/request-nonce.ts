/**
 * The CSP nonce of this response: the launcher (lib/platform/server/security-headers.ts) puts the policy it
 * sends on the request too, so a route handler can mark its own inline style and script with it.
 */
export function requestNonce(request: Request): string {
  return /'nonce-([A-Za-z0-9+/=]+)'/.exec(request.headers.get("content-security-policy") ?? "")?.[1] ?? "";
}
