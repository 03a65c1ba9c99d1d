/**
 * The caller's address as the proxy in front of Next reports it (Next itself fills in
 * `x-forwarded-for` from the socket when no proxy did), or null when there is none.
 */
export function clientAddress(headers: Record<string, unknown> | undefined): string | null {
  const forwarded = headers?.["x-forwarded-for"];
  const first = typeof forwarded === "string" ? forwarded.split(",")[0]?.trim() : "";
  return first ? first.slice(0, 100) : null;
}
