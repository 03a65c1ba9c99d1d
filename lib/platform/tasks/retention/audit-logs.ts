import "server-only";
import { env } from "@/lib/core/config/env";
import { dayMs, deleteOlderThan, retentionTask } from "./retention-task";

/** Deletes up to `batch` audit entries older than RETENTION_AUDIT_DAYS (a year unless configured). */
export async function sweepOldAuditLogs(batch: number, now: Date): Promise<number> {
  return deleteOlderThan(
    "AuditLog",
    "createdAt",
    new Date(now.getTime() - env.RETENTION_AUDIT_DAYS * dayMs),
    batch,
  );
}

export const auditLogRetention = retentionTask(
  "Audit log retention",
  { one: "old audit entry", many: "old audit entries" },
  sweepOldAuditLogs,
);
