import "server-only";
import net from "node:net";
import { AppError } from "@/lib/core/errors/errors";
import { privateNetworksAllowed, refusedAddress } from "./destination";

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Deliveries carry payment data, so they go over https only. The exception is a receiver on this
 * machine with WEBHOOKS_ALLOW_PRIVATE_NETWORKS set, which is how a developer, and the test suite,
 * receive webhooks. Never implied by NODE_ENV or an http base URL.
 */
export function assertDeliverableUrl(raw: string, allowPrivate = privateNetworksAllowed()): string {
  const url = new URL(raw);
  if (url.username || url.password)
    throw invalidUrl(
      "Must not contain a user name or password; verify the Tollgate-Signature header instead.",
    );
  // A literal address is judged now; a host name is resolved and judged before every delivery.
  const literal = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const refused = net.isIP(literal) ? refusedAddress(literal, allowPrivate) : null;
  if (refused) throw invalidUrl(`Must not be ${refused}.`);
  if (url.protocol === "https:") return url.toString();
  if (url.protocol === "http:" && loopbackHosts.has(url.hostname) && allowPrivate) return url.toString();
  throw invalidUrl("Must be an https:// URL.");
}

function invalidUrl(message: string) {
  return new AppError("params_validation", `Invalid request body. url: ${message}`, {
    fields: { url: message },
  });
}
