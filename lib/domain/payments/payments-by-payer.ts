import "server-only";
import { db } from "@/lib/core/db";
import type { Scope } from "@/lib/core/tenancy/scope";

/** Payments a wallet paid, or sent anything to, in this account and mode, newest first. */
export async function paymentsByPayer(scope: Scope, address: string) {
  const where = { accountId: scope.accountId, mode: scope.mode };
  const transfers = await db().chainTransfer.findMany({
    where: { ...where, fromAddress: { equals: address, mode: "insensitive" }, paymentId: { not: null } },
    select: { paymentId: true },
    take: 200,
  });
  return db().payment.findMany({
    where: {
      ...where,
      OR: [
        { payerAddress: { equals: address, mode: "insensitive" } },
        { id: { in: transfers.map((t) => t.paymentId!) } },
      ],
    },
    orderBy: { createdAt: "desc" },
    take: 100,
    include: { merchant: { select: { name: true } } },
  });
}
