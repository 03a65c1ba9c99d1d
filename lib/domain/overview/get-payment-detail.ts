import "server-only";
import { db } from "@/lib/core/db";
import { listRefunds } from "@/lib/domain/refunds/list-refunds";
import { refundableValue } from "@/lib/domain/refunds/refundable-amount";
import type { Scope } from "@/lib/core/tenancy/scope";
import { readPayment } from "@/lib/domain/payments/get-payment";
import { paymentTimeline } from "@/lib/domain/payments/payment-timeline";

/**
 * A payment with what its dashboard page shows: the merchant (even if since deleted), the timeline
 * of events with readable actors, its refunds and what is left to refund. 404 outside this account and mode.
 */
export async function getPaymentDetail(scope: Scope, paymentId: string) {
  const payment = await readPayment(scope, paymentId);
  const where = { accountId: scope.accountId, mode: scope.mode };
  const [merchant, events, refunds, refundRows, refundable] = await Promise.all([
    db().merchant.findFirst({
      where: { ...where, id: payment.merchantId },
      select: { id: true, name: true, deletedAt: true },
    }),
    db().paymentEvent.findMany({ where: { ...where, paymentId: payment.id }, orderBy: { version: "asc" } }),
    listRefunds(db(), scope, { paymentId: payment.id, limit: 100 }),
    db().refund.findMany({
      where: { ...where, paymentId: payment.id },
      orderBy: { createdAt: "asc" },
      take: 100,
    }),
    refundableValue(db(), payment),
  ]);
  const actors = await actorNames(scope, [
    ...events.map((e) => e.actor),
    ...refundRows.map((r) => r.createdBy),
  ]);
  const named = <T>(rows: T[], actor: (row: T) => string) =>
    rows.map((row) => ({ ...row, actorName: actors.get(actor(row)) ?? actor(row) }));
  const namedEvents = named(events, (e) => e.actor);
  return {
    payment,
    merchant,
    events: namedEvents,
    timeline: await paymentTimeline(
      db(),
      scope,
      payment,
      namedEvents,
      named(refundRows, (r) => r.createdBy),
    ),
    refunds: refunds.data,
    refundable,
  };
}

/** `user:<id>` → the member's email, `api_key:<id>` → the key's name, for ids of this account only. */
export async function actorNames(scope: Scope, actors: string[]): Promise<Map<string, string>> {
  const ids = (prefix: string) => [
    ...new Set(actors.filter((a) => a.startsWith(prefix)).map((a) => a.slice(prefix.length))),
  ];
  const [users, keys] = await Promise.all([
    db().membership.findMany({
      where: { accountId: scope.accountId, userId: { in: ids("user:") } },
      select: { user: { select: { id: true, email: true } } },
    }),
    db().apiKey.findMany({
      where: { accountId: scope.accountId, id: { in: ids("api_key:") } },
      select: { id: true, name: true },
    }),
  ]);
  return new Map([
    ...users.map(({ user }) => [`user:${user.id}`, user.email] as const),
    ...keys.map((k) => [`api_key:${k.id}`, `API key “${k.name}”`] as const),
    ["system", "Tollgate"],
    ["buyer", "Buyer (checkout)"],
    ["relayer", "Tollgate relayer"],
  ]);
}
