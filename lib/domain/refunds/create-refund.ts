import "server-only";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import type { Refund, DbOrTx } from "@/lib/core/db";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { recordEvent } from "@/lib/domain/events/record-event";
import { refundSnapshot } from "@/lib/domain/refunds/snapshot";
import { newId } from "@/lib/core/ids/ids";
import { compareValues } from "@/lib/core/money/money";
import { getPayment } from "@/lib/domain/payments/get-payment";
import type { CreateRefundInput } from "@/lib/domain/schemas/refund";
import { tenant, type Scope } from "@/lib/core/tenancy/scope";
import { completeRefund } from "./complete-refund";
import { refundableValue } from "./refundable-amount";
import { refundExcess } from "./refund-excess";

/**
 * Refunds all of a succeeded payment that is not refunded yet, or part of it. Pending refunds count
 * against what is left, so the refunds of a payment never add up to more than was paid.
 * Test mode completes the refund at once; live mode leaves it pending until the return transfer is
 * verified.
 */
export async function createRefund(
  tx: DbOrTx,
  scope: Scope,
  actor: string,
  input: CreateRefundInput,
): Promise<Refund> {
  // The refunds API answers an unknown payment with not_found, as WalletConnect Pay's does.
  const { id: paymentId } = await getPayment(tx, scope, input.paymentId).catch((error: unknown) => {
    throw error instanceof AppError && error.code === "payment_not_found" ? notFound("Payment") : error;
  });
  if (input.excess) {
    if (input.amount || input.reason) {
      const message =
        "Leave out amount and reason when refunding the excess: it is exactly what was paid beyond the quote.";
      throw new AppError("params_validation", `Invalid request body. excess: ${message}`, {
        fields: { excess: message },
      });
    }
    return refundExcess(tx, scope, actor, paymentId);
  }
  // Concurrent refunds of one payment queue on its row here, so each one sums the others' amounts
  // only after they have committed.
  await tx.$queryRaw`SELECT "id" FROM "Payment" WHERE "id" = ${paymentId} FOR UPDATE`;
  const payment = await tx.payment.findUniqueOrThrow({ where: { id: paymentId } });
  if (payment.status !== "succeeded") {
    throw new AppError(
      "payment_not_succeeded",
      `Only a succeeded payment can be refunded; this one is ${payment.status}.`,
      { status: payment.status },
    );
  }
  if (input.amount && input.amount.unit !== payment.amountUnit) {
    const message = `Must be in the payment's unit, ${payment.amountUnit}.`;
    throw new AppError("params_validation", `Invalid request body. amount.unit: ${message}`, {
      fields: { "amount.unit": message },
    });
  }

  const refundable = await refundableValue(tx, payment);
  if (refundable === "0") throw new AppError("already_refunded", "This payment is already fully refunded.");
  const value = input.amount?.value ?? refundable;
  if (compareValues(value, refundable) > 0) {
    const message = `At most "${refundable}" (${payment.amountUnit}), what is left to refund of this payment.`;
    throw new AppError("params_validation", `Invalid request body. amount.value: ${message}`, {
      fields: { "amount.value": message },
      refundable: { unit: payment.amountUnit, value: refundable },
    });
  }

  const id = newId("re");
  const refund = await tx.refund.create({
    data: {
      id,
      ...tenant(scope),
      paymentId,
      amountUnit: payment.amountUnit,
      amountValue: value,
      status: "pending",
      reason: input.reason ?? null,
      createdBy: actor,
    },
  });
  await recordAudit(tx, {
    ...tenant(scope),
    actor,
    action: "refund.created",
    targetType: "refund",
    targetId: id,
    data: { paymentId, amount: { unit: payment.amountUnit, value } },
  });
  await recordEvent(tx, scope, "refund.created", refundSnapshot(refund, payment));
  return scope.mode === "test" ? completeRefund(tx, refund, `test:${id}`) : refund;
}
