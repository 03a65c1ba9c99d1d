import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { recordSensitiveChange } from "@/lib/domain/auth/sensitive-change";
import { recordEvent } from "@/lib/domain/events/record-event";
import { settlementsSnapshot } from "@/lib/domain/settlements/snapshot";
import { tenant } from "@/lib/core/tenancy/scope";

type SettlementAudit = {
  targetType: "crypto_settlement" | "fiat_settlement";
  targetId: string;
  data: Record<string, string>;
} & (
  | { action: string; destinationChange?: undefined }
  /** A change that points money at a new wallet, with the owners' alert lines (see recordSensitiveChange). */
  | {
      action: "crypto_settlement.created" | "crypto_settlement.updated" | "fiat_settlement.created";
      destinationChange: Record<string, string>;
    }
);

/**
 * What every change to a merchant's settlements leaves behind, in its transaction: an audit entry
 * per settlement touched (its data naming the merchant; a destination change goes through the
 * sensitive-change rule), then one `settlement.updated` event carrying all of the merchant's
 * settlements as they now stand.
 */
export async function recordSettlementChange(
  ctx: CallContext,
  merchantId: string,
  audits: SettlementAudit[],
): Promise<void> {
  const { tx, scope, actor } = ctx;
  for (const { data, ...audit } of audits) {
    const entry = {
      ...tenant(scope),
      targetType: audit.targetType,
      targetId: audit.targetId,
      data: { merchantId, ...data },
    };
    if (audit.destinationChange)
      await recordSensitiveChange(tx, actor, {
        ...entry,
        action: audit.action,
        details: { Merchant: merchantId, ...audit.destinationChange },
      });
    else await recordAudit(tx, { ...entry, action: audit.action, actor });
  }
  await recordEvent(tx, scope, "settlement.updated", await settlementsSnapshot(tx, scope, merchantId));
}
