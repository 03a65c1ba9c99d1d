import type { Mode } from "@/lib/core/db";

/** Whose data a call may touch. Every tenant query filters by both fields. */
export type Scope = { accountId: string; mode: Mode };

/** Just the tenant columns, for spreading into Prisma data and filters (a context carries more). */
export function tenant(scope: Scope): Scope {
  return { accountId: scope.accountId, mode: scope.mode };
}
