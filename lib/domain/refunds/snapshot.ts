import "server-only";
import type { Payment, Refund } from "@/lib/core/db";
import { paymentSnapshot } from "@/lib/domain/payments/snapshot";
import { serializeRefund } from "./serialize";

/** What a refund's event carries (see lib/domain/payments/snapshot.ts): the refund, with its payment. */
export function refundSnapshot(r: Refund, p: Payment) {
  return { ...serializeRefund(r), payment: paymentSnapshot(p) };
}
