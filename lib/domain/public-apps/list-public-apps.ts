import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import type { Scope } from "@/lib/core/tenancy/scope";

export async function listPublicApps(q: DbOrTx, scope: Scope) {
  return q.publicApp.findMany({
    where: { accountId: scope.accountId, mode: scope.mode },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, name: true, allowedReturnOrigins: true, createdAt: true, revokedAt: true },
  });
}
