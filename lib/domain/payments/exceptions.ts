import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import type { Payment, DbOrTx } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { recordEvent } from "@/lib/domain/events/record-event";
import { paymentSnapshot } from "@/lib/domain/payments/snapshot";
import type { ExceptionType } from "@/lib/domain/schemas/payment";
import { tenant } from "@/lib/core/tenancy/scope";
import { getPayment } from "./get-payment";
import { loadPayment, writeExceptionResolution, writePaymentException } from "./payment-writes";
import { recordPaymentEvent } from "./record-event";
import { transitionPayment } from "./transition";

// A payment paid wrongly keeps the status the spec gives it (an underpaid one stays unpaid, a late
// one expired); what went wrong is its `exception`, which support resolves.

export type ExceptionFound = {
  type: ExceptionType;
  asset: string;
  expected: bigint | null;
  received: bigint;
  txHash: string | null;
  withinTolerance?: boolean;
};

/**
 * Records the first exception of a payment (a later wrong transfer is on its timeline only), as a
 * timeline step and a `payment.exception` webhook, in the caller's transaction.
 */
export async function recordPaymentException(
  tx: DbOrTx,
  payment: Payment,
  found: ExceptionFound,
  actor: string,
): Promise<Payment> {
  if (payment.exceptionType) return payment;
  const resolution = found.withinTolerance ? "within_tolerance" : null;
  const written = await writePaymentException(tx, payment, {
    type: found.type,
    asset: found.asset,
    expected: found.expected?.toString() ?? null,
    received: found.received.toString(),
    txHash: found.txHash,
    resolution,
  });
  const marked = await loadPayment(tx, payment.id);
  if (!written) return marked;
  const recorded = await recordPaymentEvent(tx, marked, {
    type: "payment.exception",
    actor,
    data: {
      exception: found.type,
      asset: found.asset,
      expected: found.expected?.toString() ?? null,
      received: found.received.toString(),
      txHash: found.txHash,
      resolution,
    },
  });
  await recordEvent(
    tx,
    { accountId: payment.accountId, mode: payment.mode },
    "payment.exception",
    paymentSnapshot(recorded),
  );
  return recorded;
}

/** What a merchant's tolerance lets through: the smallest transfer that still pays `quoted`. */
export function toleratedMinimum(quoted: bigint, toleranceBps: number): bigint {
  return quoted - (quoted * BigInt(toleranceBps)) / 10_000n;
}

/** The exception, if any, of a transfer that paid: short within tolerance, or more than quoted. */
export function exceptionOfPayingTransfer(
  asset: string,
  quoted: bigint,
  received: bigint,
  txHash: string | null,
): ExceptionFound | null {
  if (received < quoted)
    return { type: "underpaid", asset, expected: quoted, received, txHash, withinTolerance: true };
  if (received > quoted) return { type: "overpaid", asset, expected: quoted, received, txHash };
  return null;
}

export const exceptionActions = ["accept", "refunded", "dismiss"] as const;
export type ExceptionAction = (typeof exceptionActions)[number];

/**
 * Support deals with an exception: `accept` an underpayment as paid (the payment succeeds with what
 * arrived, if it is still open), mark the money `refunded` to the buyer outside Tollgate (an
 * overpayment's excess, a late or wrong-token transfer), or `dismiss` it. Audit-logged and on the
 * payment's timeline.
 */
export async function resolvePaymentException(
  ctx: CallContext,
  paymentId: string,
  action: ExceptionAction,
  note?: string,
): Promise<Payment> {
  const { tx, scope, actor } = ctx;
  let payment = await getPayment(tx, scope, paymentId);
  if (!payment.exceptionType || payment.exceptionResolution)
    throw new AppError("invalid_state", "This payment has no open exception.", { status: payment.status });
  const resolution = action === "accept" ? "accepted" : action === "dismiss" ? "dismissed" : "refunded";
  if (action === "accept") {
    if (payment.exceptionType !== "underpaid" || payment.status !== "requires_action") {
      throw new AppError(
        "invalid_state",
        "Only an underpayment of a payment still awaiting payment can be accepted as paid.",
        { status: payment.status },
      );
    }
    payment = await transitionPayment(tx, payment, "succeeded", {
      actor,
      allowOverdue: true,
      data: { acceptedUnderpayment: true, received: payment.exceptionReceived!.toFixed() },
      patch: {
        txId: payment.exceptionTxHash ?? `test:${payment.id}`,
        paidValue: payment.exceptionReceived!,
      },
    });
  }
  return closePaymentException(tx, payment, actor, resolution, note);
}

/**
 * Marks a payment's open exception resolved (also when the refund of an overpayment's excess
 * succeeds), on its timeline and in the audit log; conditional, so it closes once.
 */
export async function closePaymentException(
  tx: DbOrTx,
  payment: Payment,
  actor: string,
  resolution: "accepted" | "dismissed" | "refunded",
  note?: string,
): Promise<Payment> {
  const closed = await writeExceptionResolution(tx, payment.id, resolution);
  const current = await loadPayment(tx, payment.id);
  if (!closed) return current;
  const recorded = await recordPaymentEvent(tx, current, {
    type: "payment.exception_resolved",
    actor,
    data: { resolution, ...(note ? { note } : {}) },
  });
  await recordAudit(tx, {
    ...tenant(payment),
    actor,
    action: `payment.exception_${resolution}`,
    targetType: "payment",
    targetId: payment.id,
    data: { exception: payment.exceptionType, ...(note ? { note } : {}) },
  });
  return recorded;
}
