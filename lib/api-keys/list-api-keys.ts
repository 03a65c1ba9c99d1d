import "server-only";
import type { Tx } from "@/lib/db";
import type { Scope } from "@/lib/scope";
import { maskApiKey } from "./key-format";
import { describeApiPermissions } from "./permissions";

/** The mode's keys, newest first, as the dashboard shows them: masked, with who created them. */
export async function listApiKeys(q: Tx, scope: Scope) {
  const keys = await q.apiKey.findMany({
    where: { accountId: scope.accountId, mode: scope.mode },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const creatorIds = [...new Set(keys.flatMap((k) => (k.createdById ? [k.createdById] : [])))];
  const creators = new Map((await q.user.findMany({ where: { id: { in: creatorIds } }, select: { id: true, email: true } })).map((u) => [u.id, u.email]));
  return keys.map((k) => ({
    id: k.id,
    name: k.name,
    masked: maskApiKey(k.prefix, k.last4),
    permissions: k.permissions,
    access: describeApiPermissions(k.permissions),
    createdBy: k.createdById ? (creators.get(k.createdById) ?? "a former member") : "system",
    createdAt: k.createdAt,
    lastUsedAt: k.lastUsedAt,
    revokedAt: k.revokedAt,
  }));
}
