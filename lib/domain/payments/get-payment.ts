import "server-only";
import { db, Prisma, rawQuery, type Payment, type PaymentStatus, type DbOrTx } from "@/lib/core/db";
import { AppError, paymentNotFound } from "@/lib/core/errors/errors";
import { isId } from "@/lib/core/ids/ids";
import { sqlTimestamp } from "@/lib/core/db/sql-timestamp";
import type { PaymentStatusJson } from "@/lib/domain/schemas/payment";
import type { Scope } from "@/lib/core/tenancy/scope";
import { pollHintMs } from "./lifecycle";
import { transitionPayment } from "./transition";

/** A payment of this account and mode (and merchant, when given), or 404. */
export async function getPayment(
  q: DbOrTx,
  scope: Scope,
  paymentId: string,
  merchantId?: string,
): Promise<Payment> {
  const payment = isId("pay", paymentId)
    ? await q.payment.findFirst({
        where: {
          id: paymentId,
          accountId: scope.accountId,
          mode: scope.mode,
          ...(merchantId ? { merchantId } : {}),
        },
      })
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
    return await db().$transaction((tx) =>
      transitionPayment(tx, payment, "expired", { actor: "system", data: { reason: "expiresAt passed" } }),
    );
  } catch (error) {
    // Someone else moved it first (paid, cancelled or expired it): show what they left.
    if (error instanceof AppError && (error.code === "invalid_state" || error.code === "conflict"))
      return db().payment.findUniqueOrThrow({ where: { id: payment.id } });
    throw error;
  }
}

/** For read endpoints: the payment as it stands now, expiry applied. */
export async function readPayment(scope: Scope, paymentId: string, merchantId?: string): Promise<Payment> {
  return expireIfDue(await getPayment(db(), scope, paymentId, merchantId));
}

/**
 * The status object of a payment still open (requires_action, not yet past its expiry, or
 * processing), of this scope and merchant: one indexed query past Prisma, since clients poll open
 * payments until they end. Null for any other payment (final, due to expire, or none): read those
 * in full with readPayment.
 */
export async function openPaymentStatus(
  scope: Scope,
  paymentId: string,
  merchantId: string,
): Promise<PaymentStatusJson | null> {
  if (!isId("pay", paymentId)) return null;
  const [row] = await rawQuery<{ status: PaymentStatus }>(
    Prisma.sql`SELECT status FROM "Payment"
      WHERE id = ${paymentId} AND "accountId" = ${scope.accountId} AND mode = ${scope.mode}::"Mode" AND "merchantId" = ${merchantId}
        AND (status = 'processing' OR (status = 'requires_action' AND "expiresAt" > ${sqlTimestamp(new Date())}))`,
    "open-payment-status",
  );
  return row ? { status: row.status, isFinal: false, pollInMs: pollHintMs(row.status), info: null } : null;
}
