import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { tenant, type Scope } from "@/lib/core/tenancy/scope";

/** The x402 authorization that paid (or is paying) a payment, if an agent paid it over x402. */
export function findX402Payment(q: DbOrTx, scope: Scope, paymentId: string) {
  return q.x402Payment.findFirst({
    where: { ...tenant(scope), paymentId, claimKey: { not: null } },
    orderBy: { createdAt: "desc" },
  });
}
