import "server-only";
import { db } from "@/lib/core/db";
import type { Scope } from "@/lib/core/tenancy/scope";
import { overviewDays } from "./get-overview";

/** One unit's net volume for each of the overview's days (UTC), oldest first; days without payments are "0". */
export type DailyNetVolume = { unit: string; days: { day: string; net: string }[] }[];

/**
 * Succeeded payments less their refunds, summed per UTC day of creation and unit in SQL (on the
 * Decimal columns, as the overview's totals are), so the bars add up to the Net volume card.
 */
export async function getDailyNetVolume(scope: Scope, now = new Date()): Promise<DailyNetVolume> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Array.from({ length: overviewDays }, (_, i) =>
    new Date(today - (overviewDays - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
  const since = new Date(now.getTime() - overviewDays * 86_400_000);
  const rows = await db().$queryRaw<{ day: string; unit: string; net: string }[]>`
    SELECT to_char("createdAt", 'YYYY-MM-DD') AS day, "amountUnit" AS unit, SUM("amountValue" - "refundedValue")::text AS net
    FROM "Payment"
    WHERE "accountId" = ${scope.accountId} AND "mode"::text = ${scope.mode} AND "status"::text = 'succeeded' AND "createdAt" >= ${since}
    GROUP BY 1, 2`;
  const units = [...new Set(rows.map((r) => r.unit))].sort();
  return units.map((unit) => {
    const byDay = new Map(rows.filter((r) => r.unit === unit).map((r) => [r.day, r.net]));
    // The oldest bar also holds the part of its day inside the 30-day window, so nothing is dropped.
    const series = days.map((day) => ({ day, net: byDay.get(day) ?? "0" }));
    const earlier = rows
      .filter((r) => r.unit === unit && r.day < days[0]!)
      .reduce((sum, r) => sum + BigInt(r.net), 0n);
    if (earlier > 0n) series[0] = { day: series[0]!.day, net: (BigInt(series[0]!.net) + earlier).toString() };
    return { unit, days: series };
  });
}
