import "server-only";
import type { Payment } from "@/lib/core/db";
import { serializePayment } from "./serialize";

// What an event carries: the whole object as it stands after the change, so a receiver never has
// to call back to learn it. `version` is the payment's state version: a receiver that sees
// events out of order keeps the highest.

export function paymentSnapshot(p: Payment) {
  return {
    ...serializePayment(p),
    version: p.version,
    refundedAmount: { unit: p.amountUnit, value: p.refundedValue.toFixed() },
  };
}
