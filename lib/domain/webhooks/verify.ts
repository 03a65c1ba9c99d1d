// Verifies the `Tollgate-Signature` header of a webhook request. Self-contained (Node's crypto
// only), so a merchant can copy this file into their own code base as it is.
//
//   import { verifyTollgateSignature } from "./verify";
//   // `rawBody` is the request body exactly as received (a string or bytes), before JSON.parse.
//   if (!verifyTollgateSignature(rawBody, request.headers["tollgate-signature"], process.env.TOLLGATE_WEBHOOK_SECRET)) {
//     return response.status(400).end();
//   }
//
// The header is `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the endpoint's
// whsec_ secret>`. Several v1 values may appear; one matching is enough.
import crypto from "node:crypto";

/** The v1 signature of `payload` at `timestamp` (unix seconds). */
export function computeTollgateSignature(
  payload: string | Uint8Array,
  secret: string,
  timestamp: number,
): string {
  return crypto.createHmac("sha256", secret).update(`${timestamp}.`).update(payload).digest("hex");
}

/**
 * True when the header carries a v1 signature of this exact payload made with `secret`, and its
 * timestamp is within `toleranceSec` of now (which stops a captured request being replayed later).
 */
export function verifyTollgateSignature(
  payload: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  toleranceSec = 300,
  nowSec = Math.floor(Date.now() / 1000),
): boolean {
  if (!header || !secret) return false;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.trim().split("=", 2);
    if (key === "t" && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === "v1" && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0 || Math.abs(nowSec - timestamp) > toleranceSec)
    return false;
  const expected = Buffer.from(computeTollgateSignature(payload, secret, timestamp), "hex");
  // Every candidate is compared in full, in constant time, so timing reveals nothing about which matched.
  return signatures.map((s) => crypto.timingSafeEqual(expected, Buffer.from(s, "hex"))).includes(true);
}
