import type { PaymentLink } from "@/lib/core/db";
import { publicBaseUrl } from "@/lib/core/config/env";
import type { PaymentLinkJson } from "@/lib/domain/schemas/payment-link";

export function paymentLinkUrl(linkId: string): string {
  return `${publicBaseUrl()}/l/${linkId}`;
}

export function serializePaymentLink(link: PaymentLink): PaymentLinkJson {
  return {
    id: link.id,
    merchantId: link.merchantId,
    unit: link.amountUnit,
    amountValue: link.amountValue?.toFixed() ?? null,
    minValue: link.minValue?.toFixed() ?? null,
    maxValue: link.maxValue?.toFixed() ?? null,
    referencePrefix: link.referencePrefix,
    active: link.active,
    url: paymentLinkUrl(link.id),
    createdAt: link.createdAt.toISOString(),
    deactivatedAt: link.deactivatedAt?.toISOString() ?? null,
  };
}
