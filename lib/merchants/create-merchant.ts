import "server-only";
import { recordAudit } from "@/lib/audit";
import type { Tx } from "@/lib/db";
import { newId } from "@/lib/ids";
import type { CreateMerchantInput } from "@/lib/schemas/merchant";
import { tenant, type Scope } from "@/lib/scope";

export async function createMerchant(tx: Tx, scope: Scope, actor: string, input: CreateMerchantInput) {
  const merchant = await tx.merchant.create({
    data: { id: newId("mrch"), ...tenant(scope), name: input.merchantName, email: input.merchantEmail, iconUrl: input.iconUrl ?? null, underpaymentToleranceBps: input.underpaymentToleranceBps ?? 0 },
  });
  await recordAudit(tx, { ...tenant(scope), actor, action: "merchant.created", targetType: "merchant", targetId: merchant.id, data: { name: merchant.name } });
  return merchant;
}
