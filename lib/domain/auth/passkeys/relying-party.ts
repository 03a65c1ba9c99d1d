import "server-only";
import { publicBaseUrl } from "@/lib/core/config/env";

/**
 * Who the browser is asked to make and show passkeys for. Taken from PUBLIC_BASE_URL (as sign-in
 * cookies and mailed links are), never from a request's Host: a passkey is bound to its RP ID for
 * good, so it must not follow whatever host a caller names. Browsers refuse IP addresses as RP IDs:
 * passkeys work where the dashboard is reached by name (localhost included).
 */
export function relyingParty(): { id: string; origin: string; name: string } {
  const url = new URL(publicBaseUrl());
  return { id: url.hostname, origin: url.origin, name: "Tollgate" };
}
