import "server-only";
import { collectDataColumns } from "./collect-data";
import { recordAudit } from "@/lib/audit-log/audit";
import type { DbOrTx } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import type { CreateMerchantInput } from "@/lib/schemas/merchant";
import { tenant, type Scope } from "@/lib/tenancy/scope";

export async function createMerchant(tx: DbOrTx, scope: Scope, actor: string, input: CreateMerchantInput) {
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
