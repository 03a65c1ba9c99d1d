import "server-only";
import {
  db,
  Prisma,
  rawQuery,
  withAttempt,
  type DbOrTx,
  type Payment,
  type PaymentAttempt,
  type PaymentRow,
  type PaymentStatus,
} from "@/lib/core/db";
import { tenant } from "@/lib/core/tenancy/scope";
import { sqlTimestamp } from "@/lib/core/db/sql-timestamp";
import { newId } from "@/lib/core/ids/ids";
import { insertDeliveries } from "@/lib/domain/events/record-event";
import { paymentChangedChannel } from "./notify-payment-changed";
import { paymentSnapshot } from "./snapshot";

// Every write to a Payment row once it is made goes through this file (payment-writes.test.ts holds
// every other file to it), each function named for what it records. The row holds what is owed
// and the outcome; what the buyer tried is its PaymentAttempt (lib/domain/payments/attempts.ts), which the
// payment only names. Status and version changes are conditional on the version the caller read,
// so a racing change makes them report `false` rather than write over it.

/** What a transition records beside the status: the outcome of the attempt, or why it failed. */
export type PaymentOutcome = {
  txId?: string;
  paidValue?: Prisma.Decimal | string;
  payerAddress?: string;
  failureReason?: string;
  /** The attempt that paid, when the transition is what chose it (test mode's simulation). */
  attemptId?: string;
};

/** The payment as every read loads it: the row and the attempt it names. */
export function loadPayment(q: DbOrTx, paymentId: string): Promise<Payment> {
  return q.payment.findUniqueOrThrow({ where: { id: paymentId }, include: withAttempt });
}

/** Moves the status (and the next version) if the payment is still at `payment.version` in one of `from`. */
export async function writePaymentStatus(
  tx: DbOrTx,
  payment: PaymentRow,
  to: PaymentStatus,
  from: PaymentStatus[],
  finalizedAt: Date | null,
  outcome: PaymentOutcome = {},
): Promise<boolean> {
  const { count } = await tx.payment.updateMany({
    where: { id: payment.id, version: payment.version, status: { in: from } },
    data: { ...outcome, status: to, version: { increment: 1 }, finalizedAt },
  });
  return count === 1;
}

/** Takes the next version for a timeline step that changes nothing else, if the payment is still at `payment.version`. */
export async function writePaymentVersion(tx: DbOrTx, payment: PaymentRow): Promise<boolean> {
  const { count } = await tx.payment.updateMany({
    where: { id: payment.id, version: payment.version },
    data: { version: { increment: 1 } },
  });
  return count === 1;
}

/** Names the attempt the payment is now being paid by, if the payment is still at `payment.version`. */
export async function writePaymentAttempt(tx: DbOrTx, payment: Payment, attemptId: string): Promise<boolean> {
  const { count } = await tx.payment.updateMany({
    where: { id: payment.id, version: payment.version },
    data: { attemptId },
  });
  return count === 1;
}

/** Records the payment's first exception, if it has none yet and is still at `payment.version`. */
export async function writePaymentException(
  tx: DbOrTx,
  payment: Payment,
  exception: {
    type: NonNullable<Payment["exceptionType"]>;
    asset: string;
    expected: string | null;
    received: string;
    txHash: string | null;
    resolution: string | null;
  },
): Promise<boolean> {
  const { count } = await tx.payment.updateMany({
    where: { id: payment.id, version: payment.version, exceptionType: null },
    data: {
      exceptionType: exception.type,
      exceptionAsset: exception.asset,
      exceptionExpected: exception.expected,
      exceptionReceived: exception.received,
      exceptionTxHash: exception.txHash,
      exceptionResolution: exception.resolution,
      exceptionResolvedAt: exception.resolution ? new Date() : null,
    },
  });
  return count === 1;
}

/** Closes the payment's open exception with `resolution`, once. */
export async function writeExceptionResolution(
  tx: DbOrTx,
  paymentId: string,
  resolution: string,
): Promise<boolean> {
  const { count } = await tx.payment.updateMany({
    where: { id: paymentId, exceptionType: { not: null }, exceptionResolution: null },
    data: { exceptionResolution: resolution, exceptionResolvedAt: new Date() },
  });
  return count === 1;
}

/** Counts a succeeded refund in the payment's refundedValue. */
export async function recordRefundTotals(
  tx: DbOrTx,
  paymentId: string,
  refunded: Prisma.Decimal,
): Promise<Payment> {
  return tx.payment.update({
    where: { id: paymentId },
    data: { refundedValue: { increment: refunded } },
    include: withAttempt,
  });
}

/** Records the gas the relayer spent on the payment's relays (the sum over its submissions). */
export async function recordRelayGasTotals(
  tx: DbOrTx,
  paymentId: string,
  sum: { gasUsed: number | null; gasCostWei: Prisma.Decimal | null },
): Promise<void> {
  await tx.payment.update({
    where: { id: paymentId },
    data: { relayGasUsed: sum.gasUsed, relayGasCostWei: sum.gasCostWei },
  });
}

/** Keeps the buyer details the merchant required, sealed (lib/core/config/secrets.ts). */
export async function recordBuyerDetails(payment: Payment, sealed: string): Promise<void> {
  await db().payment.updateMany({
    where: { id: payment.id, ...tenant(payment) },
    data: { collectedData: sealed, collectedDataAt: new Date() },
  });
}

/** Erases the buyer details of up to `batch` payments given before `before`; says how many. */
export function eraseBuyerDetails(batch: number, before: Date): Promise<number> {
  return db().$executeRaw`
    UPDATE "Payment" SET "collectedData" = NULL, "collectedDataAt" = NULL WHERE "id" IN (
      SELECT "id" FROM "Payment" WHERE "collectedDataAt" < ${before}
      ORDER BY "collectedDataAt" LIMIT ${batch} FOR UPDATE SKIP LOCKED)`;
}

/**
 * A gateway confirm of a gasless (EIP-3009) option as one statement, for the common case (no other
 * option confirmed, no buyer details or receipt to handle; lib/domain/gateway/confirm-in-one-write.ts):
 * the option claimed with its result and named on the payment with the `payment.option_confirmed`
 * step; in test mode the payment succeeds too (its `payment.succeeded` step, outbox event and
 * deliveries), in live mode the relay is queued (`submissionId`). Conditional on the version read
 * and on the option being unclaimed, payment row first, so of two racing confirms the second writes
 * nothing and answers false (the caller then reads again, as a confirm that lost does).
 */
export async function writeGatewayConfirmation(
  payment: Payment,
  option: PaymentAttempt,
  confirm: { result: string; payer: string; actor: string; now: Date; submissionId?: string },
): Promise<Payment | null> {
  const { now, actor } = confirm;
  const at = sqlTimestamp(now);
  const mode = Prisma.sql`${payment.mode}::"Mode"`;
  const attempt = { ...option, confirmedAt: now, result: confirm.result };
  const test = payment.mode === "test";
  const confirmed: Payment = {
    ...payment,
    attemptId: option.id,
    attempt,
    version: payment.version + 1,
    updatedAt: now,
  };
  const after: Payment = test
    ? {
        ...confirmed,
        status: "succeeded",
        version: payment.version + 2,
        txId: `test:${payment.id}`,
        paidValue: option.value,
        payerAddress: confirm.payer,
        finalizedAt: now,
      }
    : confirmed;
  const outcome = test
    ? Prisma.sql`, status = 'succeeded', "txId" = ${after.txId}, "paidValue" = ${option.value.toFixed()}::numeric, "payerAddress" = ${confirm.payer}, "finalizedAt" = ${at}`
    : Prisma.empty;
  const eventId = newId("evt");
  const tail = test
    ? Prisma.sql`, succeeded AS (
        INSERT INTO "PaymentEvent" (id, "accountId", mode, "paymentId", version, type, "fromStatus", "toStatus", actor, data, "createdAt")
        SELECT ${newId("pev")}, ${payment.accountId}, ${mode}, id, ${payment.version + 2}, 'payment.succeeded', 'requires_action', 'succeeded', ${actor}, ${JSON.stringify({ gateway: true, optionId: option.id })}::jsonb, ${at} FROM payment
      ), event AS (
        INSERT INTO "Event" (id, "accountId", mode, type, data, "paymentId", "createdAt")
        SELECT ${eventId}, ${payment.accountId}, ${mode}, 'payment.succeeded', ${JSON.stringify(paymentSnapshot(after))}::jsonb, id, ${at} FROM payment
      ), deliveries AS (
        ${insertDeliveries(payment, "payment.succeeded", eventId, at, Prisma.sql`payment`)}
      )`
    : Prisma.sql`, submission AS (
        INSERT INTO "RelayerSubmission" (id, "accountId", mode, "paymentId", "optionId", "chainId", "activeKey", "createdAt", "updatedAt")
        SELECT ${confirm.submissionId ?? ""}, ${payment.accountId}, ${mode}, id, ${option.id}, ${option.asset.split("/")[0]!}, id, ${at}, ${at} FROM payment
      )`;
  const [row] = await rawQuery<{ searchText: string | null }>(
    Prisma.sql`WITH payment AS (
        UPDATE "Payment" SET "attemptId" = ${option.id}, version = version + ${after.version - payment.version}, "updatedAt" = ${at}${outcome}
        WHERE id = ${payment.id} AND version = ${payment.version} AND status = 'requires_action' AND "expiresAt" > ${at}
          AND EXISTS (SELECT 1 FROM "PaymentAttempt" WHERE id = ${option.id} AND "paymentId" = ${payment.id} AND "confirmedAt" IS NULL)
        RETURNING id, "searchText"
      ), claimed AS (
        UPDATE "PaymentAttempt" SET "confirmedAt" = ${at}, result = ${confirm.result}
        FROM payment WHERE "PaymentAttempt".id = ${option.id} AND "PaymentAttempt"."confirmedAt" IS NULL
      ), confirmed AS (
        INSERT INTO "PaymentEvent" (id, "accountId", mode, "paymentId", version, type, actor, data, "createdAt")
        SELECT ${newId("pev")}, ${payment.accountId}, ${mode}, id, ${payment.version + 1}, 'payment.option_confirmed', ${actor}, ${JSON.stringify(
          {
            optionId: option.id,
            method: option.method,
            payer: option.payer,
            asset: option.asset,
            value: option.value.toFixed(),
          },
        )}::jsonb, ${at} FROM payment
      )${tail}, notified AS (
        SELECT "searchText", pg_notify(${paymentChangedChannel}, id) FROM payment
      )
      SELECT "searchText" FROM notified`,
    test ? "gateway-confirm-test" : "gateway-confirm-live",
  );
  // The database derives searchText (the transaction and payer among it): the row's as written.
  return row ? { ...after, searchText: row.searchText } : null;
}
