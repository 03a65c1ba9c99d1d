import "server-only";
import type { Payment, Refund, DbOrTx } from "@/lib/core/db";
import { serializePayment } from "@/lib/domain/payments/serialize";
import { serializeRefund } from "@/lib/domain/refunds/serialize";
import type { Scope } from "@/lib/core/tenancy/scope";
import { listSettlements } from "@/lib/domain/settlements/list-settlements";

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

export function refundSnapshot(r: Refund, p: Payment) {
  return { ...serializeRefund(r), payment: paymentSnapshot(p) };
}

/** A merchant's settlement destinations after a change, as `GET /v1/merchants/{id}/settlements` shows them. */
export async function settlementsSnapshot(q: DbOrTx, scope: Scope, merchantId: string) {
  return { merchantId, ...(await listSettlements(q, scope, merchantId)) };
}
