import "server-only";
import { db, type PaymentStatus } from "@/lib/core/db";
import { paymentStatuses } from "@/lib/domain/schemas/payment";
import type { Scope } from "@/lib/core/tenancy/scope";

export const overviewDays = 30;

type Volume = { unit: string; value: string }[];
export type StatusSummary = { status: PaymentStatus; count: number; volume: Volume };
/** Succeeded volume less what was refunded of it, per unit. */
export type NetVolume = { unit: string; gross: string; refunded: string; net: string }[];

/**
 * The overview's numbers for one mode: merchants, and payments of the last 30 days by status with
 * their volume summed per amount unit in SQL (on the Decimal column, so no value passes through a
 * float). Uses the (accountId, mode, status, createdAt) index.
 */
export async function getOverview(scope: Scope, now = new Date()) {
  const since = new Date(now.getTime() - overviewDays * 86_400_000);
  const [merchants, groups] = await Promise.all([
    db().merchant.count({ where: { accountId: scope.accountId, mode: scope.mode, deletedAt: null } }),
    db().payment.groupBy({
      by: ["status", "amountUnit"],
      where: { accountId: scope.accountId, mode: scope.mode, createdAt: { gte: since } },
      _count: { _all: true },
      _sum: { amountValue: true, refundedValue: true },
    }),
  ]);
  const byStatus: StatusSummary[] = paymentStatuses.map((status) => {
    const rows = groups
      .filter((g) => g.status === status)
      .sort((a, b) => a.amountUnit.localeCompare(b.amountUnit));
    return {
      status,
      count: rows.reduce((n, r) => n + r._count._all, 0),
      volume: rows.map((r) => ({ unit: r.amountUnit, value: r._sum.amountValue?.toFixed() ?? "0" })),
    };
  });
  const net: NetVolume = groups
    .filter((g) => g.status === "succeeded")
    .sort((a, b) => a.amountUnit.localeCompare(b.amountUnit))
    .map((g) => {
      const gross = BigInt(g._sum.amountValue?.toFixed() ?? "0");
      const refunded = BigInt(g._sum.refundedValue?.toFixed() ?? "0");
      return {
        unit: g.amountUnit,
        gross: gross.toString(),
        refunded: refunded.toString(),
        net: (gross - refunded).toString(),
      };
    });
  return { merchants, since, payments: byStatus.reduce((n, s) => n + s.count, 0), byStatus, net };
}
