import { computeTollgateSignature } from "./verify";

/**
 * The headers of one signed delivery of an event: what every endpoint receives, and what
 * `npm run listen` forwards to a local URL, so a receiver verifies both the same way.
 */
export function deliveryHeaders(
  event: { id: string; type: string },
  body: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): Record<string, string> {
  return {
    "Content-Type": "application/json",
    "User-Agent": "Tollgate-Webhooks/1.0",
    "Tollgate-Signature": `t=${timestamp},v1=${computeTollgateSignature(body, secret, timestamp)}`,
    "Tollgate-Event-Id": event.id,
    "Tollgate-Event-Type": event.type,
  };
}
