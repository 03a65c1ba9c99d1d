import "server-only";
import net from "node:net";
import type { Mode } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { privateNetworksAllowed, refusedAddress } from "./destination";

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Deliveries carry payment data, so they go over https only. The exception is a receiver on this
 * machine (http://localhost, 127.0.0.1 or [::1]): accepted for a test-mode endpoint, where a
 * developer builds a webhook handler against test events, and in live mode only with
 * WEBHOOKS_ALLOW_PRIVATE_NETWORKS (as the test suite runs). Never implied by NODE_ENV or an http base
 * URL. Deliveries themselves still reach loopback only with that setting (destination.ts), so a
 * hosted Tollgate never posts to its own machine for a tenant.
 */
export function assertDeliverableUrl(
  raw: string,
  { mode, allowPrivate = privateNetworksAllowed() }: { mode: Mode; allowPrivate?: boolean },
): string {
  const url = new URL(raw);
  const local = loopbackHosts.has(url.hostname);
  if (url.username || url.password)
    throw invalidUrl(
      "Must not contain a user name or password; verify the Tollgate-Signature header instead.",
    );
  // A literal address is judged now; a host name is resolved and judged before every delivery.
  const literal = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const refused =
    net.isIP(literal) && !(local && mode === "test") ? refusedAddress(literal, allowPrivate) : null;
  if (refused) throw invalidUrl(`Must not be ${refused}.`);
  if (url.protocol === "https:") return url.toString();
  if (url.protocol === "http:" && local && (allowPrivate || mode === "test")) return url.toString();
  throw invalidUrl(
    local
      ? "Must be an https:// URL: http://localhost is for test-mode endpoints."
      : "Must be an https:// URL.",
  );
}

function invalidUrl(message: string) {
  return new AppError("params_validation", `Invalid request body. url: ${message}`, {
    fields: { url: message },
  });
}

/**
 * How deliveries reach an endpoint on the machine Tollgate runs on (http://localhost, 127.0.0.1 or
 * [::1]), for the note the dashboard shows beside it: "delivered" only where the operator turned on
 * WEBHOOKS_ALLOW_PRIVATE_NETWORKS, else "refused". null for any other URL.
 */
export function loopbackDelivery(
  raw: string,
  allowPrivate = privateNetworksAllowed(),
): "delivered" | "refused" | null {
  if (!URL.canParse(raw) || !loopbackHosts.has(new URL(raw).hostname)) return null;
  return allowPrivate ? "delivered" : "refused";
}
