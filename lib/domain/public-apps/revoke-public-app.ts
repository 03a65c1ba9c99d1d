import "server-only";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import type { DbOrTx } from "@/lib/core/db";
import { notFound } from "@/lib/core/errors/errors";
import { tenant, type Scope } from "@/lib/core/tenancy/scope";

export async function revokePublicApp(tx: DbOrTx, scope: Scope, actor: string, id: string) {
  const { count } = await tx.publicApp.updateMany({
    where: { id, ...tenant(scope), revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw notFound("Active App-Id");
  const app = await tx.publicApp.findFirstOrThrow({
    where: { id, ...tenant(scope) },
    select: { name: true },
  });
  await recordAudit(tx, {
    ...tenant(scope),
    actor,
    action: "public_app.revoked",
    targetType: "public_app",
    targetId: id,
    data: { name: app.name },
  });
}
