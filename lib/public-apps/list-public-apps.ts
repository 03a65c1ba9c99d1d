import "server-only";
import type { DbOrTx } from "@/lib/db";
import type { Scope } from "@/lib/tenancy/scope";

export async function listPublicApps(q: DbOrTx, scope: Scope) {
  return q.publicApp.findMany({
    where: { accountId: scope.accountId, mode: scope.mode },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, name: true, allowedReturnOrigins: true, createdAt: true, revokedAt: true },
  });
}
