import "server-only";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import type { DbOrTx } from "@/lib/core/db";
import type { UpdateMerchantInput } from "@/lib/domain/schemas/merchant";
import { tenant, type Scope } from "@/lib/core/tenancy/scope";
import { collectDataColumns } from "./collect-data";
import { getMerchant } from "./get-merchant";

export async function updateMerchant(
  tx: DbOrTx,
  scope: Scope,
  actor: string,
  merchantId: string,
  input: UpdateMerchantInput,
) {
  await getMerchant(tx, scope, merchantId);
  const merchant = await tx.merchant.update({
    where: { id: merchantId },
    data: {
      name: input.merchantName,
      email: input.merchantEmail,
      iconUrl: input.iconUrl,
      accentColor: input.accentColor,
      supportContact: input.supportContact,
      underpaymentToleranceBps: input.underpaymentToleranceBps,
      allowedReturnOrigins: input.allowedReturnOrigins,
      ...collectDataColumns(input.collectData),
    },
  });
  await recordAudit(tx, {
    ...tenant(scope),
    actor,
    action: "merchant.updated",
    targetType: "merchant",
    targetId: merchantId,
    data: { fields: Object.keys(input) },
  });
  return merchant;
}
