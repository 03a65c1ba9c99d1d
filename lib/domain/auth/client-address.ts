/**
 * The caller's address: lib/platform/server/start.ts replaces `x-forwarded-for` with the one address it
 * believes (see callerAddress) before Next sees the request. Null when there is none.
 */
export function clientAddress(headers: Record<string, unknown> | undefined): string | null {
  const forwarded = headers?.["x-forwarded-for"];
  const first = typeof forwarded === "string" ? forwarded.split(",")[0]?.trim() : "";
  return first ? first.slice(0, 100) : null;
}
