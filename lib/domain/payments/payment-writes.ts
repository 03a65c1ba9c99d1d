import "server-only";
import {
  db,
  withAttempt,
  type DbOrTx,
  type Payment,
  type PaymentRow,
  type PaymentStatus,
  type Prisma,
} from "@/lib/core/db";
import { tenant } from "@/lib/core/tenancy/scope";

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
