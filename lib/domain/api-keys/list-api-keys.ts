import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import type { Scope } from "@/lib/core/tenancy/scope";
import { maskApiKey } from "./key-format";
import {
  describeApiPermissions,
  effectiveApiPermissions,
} from "@/lib/domain/permissions/api-key-permissions";

/** The mode's keys, newest first, as the dashboard shows them: masked, with who created them. */
export async function listApiKeys(q: DbOrTx, scope: Scope) {
  const keys = await q.apiKey.findMany({
    where: { accountId: scope.accountId, mode: scope.mode },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const creatorIds = [...new Set(keys.flatMap((k) => (k.createdById ? [k.createdById] : [])))];
  const [creators, roles] = await Promise.all([
    q.user
      .findMany({ where: { id: { in: creatorIds } }, select: { id: true, email: true } })
      .then((users) => new Map(users.map((u) => [u.id, u.email]))),
    q.membership
      .findMany({
        where: { accountId: scope.accountId, userId: { in: creatorIds } },
        select: { userId: true, role: true },
      })
      .then((rows) => new Map(rows.map((m) => [m.userId, m.role]))),
  ]);
  return keys.map((k) => {
    // What the key can do today: bounded by its creator's current role, as authentication bounds it.
    const creatorRole = k.createdById ? (roles.get(k.createdById) ?? null) : undefined;
    const permissions = effectiveApiPermissions(
      k.permissions,
      creatorRole === undefined ? null : { role: creatorRole },
    );
    const narrowed = permissions.length < k.permissions.length && creatorRole && !k.revokedAt;
    return {
      id: k.id,
      name: k.name,
      masked: maskApiKey(k.prefix, k.last4),
      permissions,
      access:
        describeApiPermissions(permissions) +
        (narrowed
          ? ` — narrowed from ${describeApiPermissions(k.permissions)}: its creator is now ${creatorRole}`
          : ""),
      createdBy: k.createdById ? (creators.get(k.createdById) ?? "a former member") : "system",
      createdAt: k.createdAt,
      lastUsedAt: k.lastUsedAt,
      revokedAt: k.revokedAt,
    };
  });
}
