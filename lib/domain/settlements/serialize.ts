import type { CryptoSettlement, FiatSettlement } from "@/lib/core/db";
import type { CryptoSettlementJson, FiatSettlementJson } from "@/lib/domain/schemas/settlement";

export function serializeFiatSettlement(f: FiatSettlement): FiatSettlementJson {
  return {
    id: f.id,
    status: f.status,
    bankType: f.bankType,
    accountHolderName: f.accountHolderName,
    accountNumberLast4: f.accountNumberLast4,
    accountType: f.accountType,
    routingNumber: f.routingNumber,
    createdAt: f.createdAt.toISOString(),
  };
}

export function serializeCryptoSettlement(c: CryptoSettlement): CryptoSettlementJson {
  return { id: c.id, asset: c.asset, destination: c.destination, createdAt: c.createdAt.toISOString() };
}
