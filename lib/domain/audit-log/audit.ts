import "server-only";
import type { Mode, Prisma, DbOrTx } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";

export type AuditEntry = {
  accountId: string;
  mode?: Mode | null;
  actor: string;
  action: string;
  targetType?: string;
  targetId?: string;
  data?: Prisma.InputJsonValue;
  ip?: string | null;
  /** Only through recordSensitiveChange (lib/domain/auth/sensitive-change.ts). */
  alert?: string | null;
};

/** Written inside the caller's transaction, so an action and its audit record stand or fall together. */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({
    data: {
      id: newId("aud"),
      accountId: entry.accountId,
      mode: entry.mode ?? null,
      actor: entry.actor,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      data: entry.data ?? {},
      ip: entry.ip ?? null,
      alert: entry.alert ?? null,
    },
  });
}
