import "server-only";
import { recordAudit } from "@/lib/audit";
import type { Tx } from "@/lib/db";
import type { UpdateMerchantInput } from "@/lib/schemas/merchant";
import { tenant, type Scope } from "@/lib/scope";
import { getMerchant } from "./get-merchant";

export async function updateMerchant(tx: Tx, scope: Scope, actor: string, merchantId: string, input: UpdateMerchantInput) {
  await getMerchant(tx, scope, merchantId);
  const merchant = await tx.merchant.update({
    where: { id: merchantId },
    data: { name: input.merchantName, email: input.merchantEmail, iconUrl: input.iconUrl, underpaymentToleranceBps: input.underpaymentToleranceBps },
  });
  await recordAudit(tx, { ...tenant(scope), actor, action: "merchant.updated", targetType: "merchant", targetId: merchantId, data: { fields: Object.keys(input) } });
  return merchant;
}
