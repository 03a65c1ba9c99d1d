import "server-only";
import { db, type Payment, type DbOrTx } from "@/lib/db";
import { AppError, paymentNotFound } from "@/lib/errors/errors";
import { isId } from "@/lib/db/ids";
import type { Scope } from "@/lib/tenancy/scope";
import { transitionPayment } from "./transition";

/** A payment of this account and mode (and merchant, when given), or 404. */
export async function getPayment(q: DbOrTx, scope: Scope, paymentId: string, merchantId?: string): Promise<Payment> {
  const payment = isId("pay", paymentId)
    ? await q.payment.findFirst({ where: { id: paymentId, accountId: scope.accountId, mode: scope.mode, ...(merchantId ? { merchantId } : {}) } })
    : null;
  if (!payment) throw paymentNotFound();
  return payment;
}

/**
 * An unpaid payment past its expiry is expired the moment anyone looks, whether or not the sweeper
 * has reached it. Opens its own transaction, so call it outside one.
 */
export async function expireIfDue(payment: Payment): Promise<Payment> {
  if (payment.status !== "requires_action" || payment.expiresAt.getTime() > Date.now()) return payment;
  try {
    return await db().$transaction((tx) => transitionPayment(tx, payment, "expired", { actor: "system", data: { reason: "expiresAt passed" } }));
  } catch (error) {
    // Someone else moved it first (paid, cancelled or expired it): show what they left.
    if (error instanceof AppError && (error.code === "invalid_state" || error.code === "conflict")) return db().payment.findUniqueOrThrow({ where: { id: payment.id } });
    throw error;
  }
}

/** For read endpoints: the payment as it stands now, expiry applied. */
export async function readPayment(scope: Scope, paymentId: string, merchantId?: string): Promise<Payment> {
  return expireIfDue(await getPayment(db(), scope, paymentId, merchantId));
}
