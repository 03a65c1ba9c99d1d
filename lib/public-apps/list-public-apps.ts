import "server-only";
import type { Tx } from "@/lib/db";
import type { Scope } from "@/lib/scope";

export async function listPublicApps(q: Tx, scope: Scope) {
  return q.publicApp.findMany({
    where: { accountId: scope.accountId, mode: scope.mode },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, name: true, createdAt: true, revokedAt: true },
  });
}
