import "server-only";
import { recordAudit } from "@/lib/audit-log/audit";
import type { DbOrTx } from "@/lib/db";
import { recordEvent } from "@/lib/events/record-event";
import { settlementsSnapshot } from "@/lib/events/snapshots";
import { tenant, type Scope } from "@/lib/tenancy/scope";

type SettlementAudit = { action: string; targetType: "crypto_settlement" | "fiat_settlement"; targetId: string; data: Record<string, string> };

/**
 * What every change to a merchant's settlements leaves behind, in its transaction: an audit entry
 * per settlement touched (its data naming the merchant), then one `settlement.updated` event
 * carrying all of the merchant's settlements as they now stand.
 */
export async function recordSettlementChange(tx: DbOrTx, scope: Scope, actor: string, merchantId: string, audits: SettlementAudit[]): Promise<void> {
  for (const { data, ...audit } of audits) await recordAudit(tx, { ...tenant(scope), actor, ...audit, data: { merchantId, ...data } });
  await recordEvent(tx, scope, "settlement.updated", await settlementsSnapshot(tx, scope, merchantId));
}
