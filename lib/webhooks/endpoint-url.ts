import "server-only";
import { env, publicBaseUrl } from "@/lib/env";
import { AppError } from "@/lib/errors";

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Deliveries carry payment data, so they go over https only. The exception is a receiver on this
 * machine when Tollgate itself is a local install (not production, or served over plain http),
 * which is how a developer, and the test suite, receive webhooks.
 */
export function assertDeliverableUrl(raw: string): string {
  const url = new URL(raw);
  if (url.username || url.password) throw invalidUrl("Must not contain a user name or password; verify the Tollgate-Signature header instead.");
  if (url.protocol === "https:") return url.toString();
  const localInstall = env.NODE_ENV !== "production" || publicBaseUrl().startsWith("http:");
  if (url.protocol === "http:" && loopbackHosts.has(url.hostname) && localInstall) return url.toString();
  throw invalidUrl("Must be an https:// URL.");
}

function invalidUrl(message: string) {
  return new AppError("invalid_request", `Invalid request body. url: ${message}`, { fields: { url: message } });
}
