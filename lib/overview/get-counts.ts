import "server-only";
import { db, type Mode } from "@/lib/db";

export async function getOverviewCounts(accountId: string, mode: Mode) {
  const [merchants, payments] = await Promise.all([
    db().merchant.count({ where: { accountId, mode, deletedAt: null } }),
    db().payment.count({ where: { accountId, mode } }),
  ]);
  return { merchants, payments };
}
