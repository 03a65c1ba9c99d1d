import "server-only";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import type { DbOrTx } from "@/lib/core/db";
import { notFound } from "@/lib/core/errors/errors";
import { tenant, type Scope } from "@/lib/core/tenancy/scope";
import { forgetApiKey } from "./authenticate-api-key";

/** Refused from the next request on in this process, and within a second in every other one (see authenticateApiKey). */
export async function revokeApiKey(tx: DbOrTx, scope: Scope, actor: string, id: string) {
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
