import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import type { Payment, Prisma, Refund } from "@/lib/core/db";
import { recordEvent } from "@/lib/domain/events/record-event";
import { newId } from "@/lib/core/ids/ids";
import { tenant } from "@/lib/core/tenancy/scope";
import { refundSnapshot } from "./snapshot";
import { completeRefund } from "./complete-refund";

/**
 * Writes a refund of `payment` that the caller has checked may be made: its row (pending), its audit
 * entry (with `audited`, what the audit log says was refunded) and its `refund.created` event. Test
 * mode completes it at once; live mode leaves it pending until the return transfer is verified.
 */
export async function openRefund(
  { tx, scope, actor }: CallContext,
  payment: Payment,
  refund: { amountValue: string; assetValue?: string; excess?: boolean; reason: string | null },
  audited: Prisma.InputJsonObject,
): Promise<Refund> {
  const id = newId("re");
  const row = await tx.refund.create({
    data: {
      id,
      ...tenant(scope),
      paymentId: payment.id,
      amountUnit: payment.amountUnit,
      ...refund,
      status: "pending",
      createdBy: actor,
    },
  });
  await recordAudit(tx, {
    ...tenant(scope),
    actor,
    action: "refund.created",
    targetType: "refund",
    targetId: id,
    data: { paymentId: payment.id, ...audited },
  });
  await recordEvent(tx, scope, "refund.created", refundSnapshot(row, payment));
  return scope.mode === "test" ? completeRefund(tx, row, `test:${id}`) : row;
}
