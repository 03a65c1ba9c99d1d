import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { AppError } from "@/lib/core/errors/errors";
import { newId } from "@/lib/core/ids/ids";
import { getMerchant } from "@/lib/domain/merchants/get-merchant";
import type { CreatePaymentLinkInput } from "@/lib/domain/schemas/payment-link";
import { tenant } from "@/lib/core/tenancy/scope";

export async function createPaymentLink(ctx: CallContext, merchantId: string, input: CreatePaymentLinkInput) {
  const { tx, scope, actor } = ctx;
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
