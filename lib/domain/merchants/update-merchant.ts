import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import type { UpdateMerchantInput } from "@/lib/domain/schemas/merchant";
import { tenant } from "@/lib/core/tenancy/scope";
import { collectDataColumns } from "./collect-data";
import { getMerchant } from "./get-merchant";

export async function updateMerchant(ctx: CallContext, merchantId: string, input: UpdateMerchantInput) {
  const { tx, scope, actor } = ctx;
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
