import "server-only";
import { db, type Payment } from "@/lib/db";
import { isFinalStatus } from "./lifecycle";
import { expireIfDue } from "./get-payment";

const checkEveryMs = 250;

/**
 * Long poll: returns as soon as the payment's version moves past the one given (or it expires),
 * or after `maxMs`, or when the client goes away. Reads the database, so a change made by any
 * instance is seen.
 */
export async function waitForChange(payment: Payment, maxMs: number, signal: AbortSignal): Promise<Payment> {
  const deadline = Date.now() + maxMs;
  let current = payment;
  while (!isFinalStatus(current.status) && current.version === payment.version && Date.now() < deadline && !signal.aborted) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(checkEveryMs, deadline - Date.now())));
    const fresh = await db().payment.findUnique({ where: { id: payment.id } });
    if (!fresh) break;
    current = await expireIfDue(fresh);
  }
  return current;
}
