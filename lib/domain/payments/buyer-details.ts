import "server-only";
import { decrypt } from "@/lib/core/config/secrets";
import type { Payment } from "@/lib/core/db";
import { collectFields } from "@/lib/domain/schemas/collect-data";

export type BuyerDetail = { id: string; name: string; value: string };

/** The buyer details collected for a payment (information capture), unsealed, in WalletConnect's field order; null when none. */
export function buyerDetails(p: Pick<Payment, "collectedData">): BuyerDetail[] | null {
  if (!p.collectedData) return null;
  const values = JSON.parse(decrypt(p.collectedData)) as Record<string, string>;
  return collectFields
    .filter((f) => values[f.id] !== undefined)
    .map((f) => ({ id: f.id, name: f.name, value: values[f.id]! }));
}
