import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { notFound } from "@/lib/core/errors/errors";
import { tenant } from "@/lib/core/tenancy/scope";

export async function revokePublicApp(ctx: CallContext, id: string) {
  const { tx, scope, actor } = ctx;
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
