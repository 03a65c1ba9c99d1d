import "server-only";
import type { DbOrTx, Mode } from "@/lib/core/db";
import type { Scope } from "@/lib/core/tenancy/scope";

/**
 * The mode a payment of this account is in when it is not in `scope.mode`, or null when the account
 * has no such payment: a payment opened in the other mode is pointed to instead of a bare 404.
 */
export async function paymentInOtherMode(q: DbOrTx, scope: Scope, paymentId: string): Promise<Mode | null> {
  const other: Mode = scope.mode === "live" ? "test" : "live";
  const found = await q.payment.findFirst({
    where: { id: paymentId, accountId: scope.accountId, mode: other },
    select: { id: true },
  });
  return found ? other : null;
}
