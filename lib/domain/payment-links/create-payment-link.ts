import "server-only";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import type { DbOrTx } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { newId } from "@/lib/core/ids/ids";
import { getMerchant } from "@/lib/domain/merchants/get-merchant";
import type { CreatePaymentLinkInput } from "@/lib/domain/schemas/payment-link";
import { tenant, type Scope } from "@/lib/core/tenancy/scope";

export async function createPaymentLink(
  tx: DbOrTx,
  scope: Scope,
  actor: string,
  merchantId: string,
  input: CreatePaymentLinkInput,
) {
  await getMerchant(tx, scope, merchantId).catch((error: unknown) => {
    throw error instanceof AppError && error.code === "not_found"
      ? new AppError(
          "merchant_not_found",
          "Merchant not found: no merchant of this account and mode has that id.",
          { fields: { merchantId: "Choose a merchant." } },
        )
      : error;
  });
  const link = await tx.paymentLink.create({
    data: {
      id: newId("plink"),
      ...tenant(scope),
      merchantId,
      amountUnit: input.unit,
      amountValue: input.amountValue,
      // A buyer-entered amount without a minimum may be as little as one minor unit.
      minValue: input.amountValue === null ? (input.minValue ?? "1") : null,
      maxValue: input.amountValue === null ? input.maxValue : null,
      referencePrefix: input.referencePrefix,
    },
  });
  await recordAudit(tx, {
    ...tenant(scope),
    actor,
    action: "payment_link.created",
    targetType: "payment_link",
    targetId: link.id,
    data: { merchantId },
  });
  return link;
}
