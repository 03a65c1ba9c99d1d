import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { tenant } from "@/lib/core/tenancy/scope";
import { getPaymentLink } from "./get-payment-link";

/** Stops a link minting payments; its page then says so. Deactivating twice changes nothing. */
export async function deactivatePaymentLink(ctx: CallContext, linkId: string) {
  const { tx, scope, actor } = ctx;
  const link = await getPaymentLink(tx, scope, linkId);
  if (!link.active) return link;
  const updated = await tx.paymentLink.update({
    where: { id: link.id },
    data: { active: false, deactivatedAt: new Date() },
  });
  await recordAudit(tx, {
    ...tenant(scope),
    actor,
    action: "payment_link.deactivated",
    targetType: "payment_link",
    targetId: link.id,
  });
  return updated;
}
