import "server-only";
import { db, type Prisma } from "@/lib/core/db";
import type { RefundState } from "@/lib/domain/schemas/payment";

// How much of a succeeded payment has been given back: the badge and filter beside its status.

type Amounts = { amountValue: { toFixed(): string }; refundedValue: { toFixed(): string } };

export function refundState(p: Amounts): RefundState | null {
  const refunded = BigInt(p.refundedValue.toFixed());
  if (refunded === 0n) return null;
  return refunded >= BigInt(p.amountValue.toFixed()) ? "refunded" : "partially_refunded";
}

/** Payments in a refund state (`any`: either), as a filter on the payment table. */
export function refundStateWhere(state: RefundState | "any"): Prisma.PaymentWhereInput {
  const amount = db().payment.fields.amountValue;
  const some = { refundedValue: { gt: 0 } };
  if (state === "any") return some;
  return { AND: [some, { refundedValue: state === "refunded" ? { gte: amount } : { lt: amount } }] };
}
