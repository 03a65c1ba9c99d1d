import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import type { Scope } from "@/lib/core/tenancy/scope";
import { seenColumn } from "./list-api-sensitive-changes";

/**
 * The person read the banner and dismissed it: the changes up to `upTo` (the newest it showed them,
 * never a moment it did not show) stay out of it for them, in this mode; a later change shows again.
 */
export async function dismissApiSensitiveChanges(
  q: DbOrTx,
  scope: Scope,
  userId: string,
  upTo: Date,
): Promise<{ dismissed: true }> {
  const shown = Math.min(upTo.getTime(), Date.now());
  await q.membership.update({
    where: { accountId_userId: { accountId: scope.accountId, userId } },
    data: { [seenColumn[scope.mode]]: new Date(shown) },
  });
  return { dismissed: true };
}
