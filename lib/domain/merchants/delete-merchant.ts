import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { tenant } from "@/lib/core/tenancy/scope";
import { getMerchant } from "./get-merchant";

/**
 * Removes a merchant from use. Its payments stay (they are financial records), so the row is marked
 * deleted rather than dropped; it no longer lists, reads or accepts payments.
 */
export async function deleteMerchant(ctx: CallContext, merchantId: string) {
  const { tx, scope, actor } = ctx;
  await getMerchant(tx, scope, merchantId);
  await tx.merchant.update({ where: { id: merchantId }, data: { deletedAt: new Date() } });
  await recordAudit(tx, {
    ...tenant(scope),
    actor,
    action: "merchant.deleted",
    targetType: "merchant",
    targetId: merchantId,
  });
  return { id: merchantId, deleted: true as const };
}
