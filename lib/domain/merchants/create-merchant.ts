import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { collectDataColumns } from "./collect-data";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { newId } from "@/lib/core/ids/ids";
import type { CreateMerchantInput } from "@/lib/domain/schemas/merchant";
import { tenant } from "@/lib/core/tenancy/scope";

export async function createMerchant(ctx: CallContext, input: CreateMerchantInput) {
  const { tx, scope, actor } = ctx;
  const merchant = await tx.merchant.create({
    data: {
      id: newId("mrch"),
      ...tenant(scope),
      name: input.merchantName,
      email: input.merchantEmail,
      iconUrl: input.iconUrl ?? null,
      accentColor: input.accentColor ?? null,
      supportContact: input.supportContact ?? null,
      underpaymentToleranceBps: input.underpaymentToleranceBps ?? 0,
      allowedReturnOrigins: input.allowedReturnOrigins ?? [],
      ...collectDataColumns(input.collectData),
    },
  });
  await recordAudit(tx, {
    ...tenant(scope),
    actor,
    action: "merchant.created",
    targetType: "merchant",
    targetId: merchant.id,
    data: { name: merchant.name },
  });
  return merchant;
}
