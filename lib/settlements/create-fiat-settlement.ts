import "server-only";
import { recordAudit } from "@/lib/audit";
import type { Tx } from "@/lib/db";
import { recordEvent } from "@/lib/events/record-event";
import { settlementsSnapshot } from "@/lib/events/snapshots";
import { newId } from "@/lib/ids";
import { getMerchant } from "@/lib/merchants/get-merchant";
import type { CreateFiatSettlementInput } from "@/lib/schemas/settlement";
import { tenant, type Scope } from "@/lib/scope";
import { encrypt } from "@/lib/secrets";

/**
 * Adds an ACH bank destination to a merchant. The account number is kept encrypted (read it back
 * with `decrypt` from lib/secrets only to pay out); everything else sees the last four digits.
 */
export async function createFiatSettlement(tx: Tx, scope: Scope, actor: string, merchantId: string, input: CreateFiatSettlementInput) {
  await getMerchant(tx, scope, merchantId);
  const last4 = input.accountNumber.slice(-4);
  const settlement = await tx.fiatSettlement.create({
    data: {
      id: newId("fiat"),
      ...tenant(scope),
      merchantId,
      bankType: "ACH",
      accountHolderName: input.accountHolderName,
      routingNumber: input.routingNumber,
      accountNumber: encrypt(input.accountNumber),
      accountNumberLast4: last4,
      accountType: input.accountType,
    },
  });
  await recordAudit(tx, {
    ...tenant(scope),
    actor,
    action: "fiat_settlement.created",
    targetType: "fiat_settlement",
    targetId: settlement.id,
    data: { merchantId, bankType: "ACH", routingNumber: input.routingNumber, accountNumberLast4: last4, accountType: input.accountType },
  });
  await recordEvent(tx, scope, "settlement.updated", await settlementsSnapshot(tx, scope, merchantId));
  return settlement;
}
