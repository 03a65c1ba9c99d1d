import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { notFound } from "@/lib/core/errors/errors";
import { tenant } from "@/lib/core/tenancy/scope";
import { forgetApiKey } from "./authenticate-api-key";

/** Refused from the next request on in this process, and within a second in every other one (see authenticateApiKey). */
export async function revokeApiKey(ctx: CallContext, id: string) {
  const { tx, scope, actor } = ctx;
  const { count } = await tx.apiKey.updateMany({
    where: { id, ...tenant(scope), revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw notFound("Active API key");
  forgetApiKey(id);
  const key = await tx.apiKey.findFirstOrThrow({
    where: { id, ...tenant(scope) },
    select: { name: true, prefix: true },
  });
  await recordAudit(tx, {
    ...tenant(scope),
    actor,
    action: "api_key.revoked",
    targetType: "api_key",
    targetId: id,
    data: { name: key.name, prefix: key.prefix },
  });
}
