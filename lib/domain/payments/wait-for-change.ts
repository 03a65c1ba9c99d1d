import "server-only";
import type { Payment } from "@/lib/core/db";
import { isFinalStatus } from "./lifecycle";
import { takeHeldPoll } from "./held-polls";
import { nextChange } from "./payment-changes";

/**
 * Long poll: returns as soon as the payment's version moves past the one given (or it expires),
 * or after `maxMs`, or when the client goes away. Woken by any instance's change (LISTEN/NOTIFY),
 * within the caps of lib/domain/payments/held-polls.ts for this payment and this `caller`.
 */
export async function waitForChange(
  payment: Payment,
  maxMs: number,
  signal: AbortSignal,
  caller: string,
): Promise<Payment> {
  if (isFinalStatus(payment.status)) return payment;
  const release = takeHeldPoll(payment.id, caller);
  try {
    return (await nextChange(payment, maxMs, signal)) ?? payment;
  } finally {
    release();
  }
}
