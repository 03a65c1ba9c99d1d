import type { Refund } from "@/lib/core/db";
import type { RefundJson } from "@/lib/domain/schemas/refund";

export function serializeRefund(r: Refund): RefundJson {
  return {
    id: r.id,
    paymentId: r.paymentId,
    amount: { unit: r.amountUnit, value: r.amountValue.toFixed() },
    status: r.status,
    reason: r.reason,
    excess: r.excess,
    txId: r.txId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
