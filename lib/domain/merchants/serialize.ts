import type { Merchant } from "@/lib/core/db";
import type { MerchantJson } from "@/lib/domain/schemas/merchant";
import { merchantCollectData } from "./collect-data";

export function serializeMerchant(m: Merchant): MerchantJson {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    status: "active",
    iconUrl: m.iconUrl,
    accentColor: m.accentColor,
    supportContact: m.supportContact,
    underpaymentToleranceBps: m.underpaymentToleranceBps,
    allowedReturnOrigins: m.allowedReturnOrigins,
    collectData: merchantCollectData(m),
    createdAt: m.createdAt.toISOString(),
  };
}
