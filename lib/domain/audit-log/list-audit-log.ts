import "server-only";
import { z } from "zod";
import type { Prisma, DbOrTx } from "@/lib/core/db";
import { afterPosition, decodeCursor, newestFirst, toPage } from "@/lib/core/db/pagination";
import type { Scope } from "@/lib/core/tenancy/scope";

export const AuditLogQuerySchema = z.object({
  action: z.string().trim().max(100).optional().catch(undefined),
  cursor: z.string().max(200).optional().catch(undefined),
});

export type AuditActor = { kind: "user" | "api_key" | "system" | "unknown"; label: string };

/**
 * The mode's audit entries and the account-wide ones (team changes carry no mode), newest first,
 * a keyset page at a time, with each actor named: a user by email, an API key by name.
 */
export async function listAuditLog(
  q: DbOrTx,
  scope: Scope,
  query: { action?: string; cursor?: string; limit: number },
) {
  const position = query.cursor ? decodeCursor(query.cursor) : null;
  const where: Prisma.AuditLogWhereInput = {
    accountId: scope.accountId,
    AND: [{ OR: [{ mode: scope.mode }, { mode: null }] }, afterPosition(position)],
    ...(query.action ? { action: query.action } : {}),
  };
  const rows = await q.auditLog.findMany({ where, orderBy: newestFirst, take: query.limit + 1 });
  const actors = await nameActors(
    q,
    scope.accountId,
    rows.map((r) => r.actor),
  );
  return toPage(rows, query.limit, (row) => ({
    id: row.id,
    createdAt: row.createdAt,
    actor: actors.get(row.actor) ?? { kind: "unknown" as const, label: row.actor },
    action: row.action,
    target: row.targetType ? { type: row.targetType, id: row.targetId } : null,
    data: row.data as Record<string, unknown>,
    mode: row.mode,
  }));
}

/** Every action that appears in the account's log, for the filter. */
export async function listAuditActions(q: DbOrTx, accountId: string): Promise<string[]> {
  const rows = await q.auditLog.findMany({
    where: { accountId },
    distinct: ["action"],
    select: { action: true },
    orderBy: { action: "asc" },
  });
  return rows.map((r) => r.action);
}

export async function nameActors(
  q: DbOrTx,
  accountId: string,
  actors: string[],
): Promise<Map<string, AuditActor>> {
  const idsOf = (kind: string) => [
    ...new Set(actors.filter((a) => a.startsWith(`${kind}:`)).map((a) => a.slice(kind.length + 1))),
  ];
  const users = await q.user.findMany({
    where: { id: { in: idsOf("user") } },
    select: { id: true, email: true },
  });
  const keys = await q.apiKey.findMany({
    where: { id: { in: idsOf("api_key") }, accountId },
    select: { id: true, name: true },
  });
  const names = new Map<string, AuditActor>([["system", { kind: "system", label: "System" }]]);
  for (const user of users) names.set(`user:${user.id}`, { kind: "user", label: user.email });
  for (const key of keys) names.set(`api_key:${key.id}`, { kind: "api_key", label: `API key “${key.name}”` });
  return names;
}

export type AuditLogEntry = Awaited<ReturnType<typeof listAuditLog>>["data"][number];
