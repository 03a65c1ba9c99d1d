import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { db, type Payment } from "@/lib/core/db";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { attachPaymentTransaction } from "@/lib/domain/payments/attach-transaction";
import { readPayment } from "@/lib/domain/payments/get-payment";
import { listPaymentOptions } from "@/lib/domain/payments/payment-options";
import type { AttachUnmatchedTransferValues } from "@/lib/domain/schemas/unmatched-transfer";
import { tenant } from "@/lib/core/tenancy/scope";

/**
 * Support attaches an unmatched transfer to the payment it was meant for. Nothing is trusted: it is
 * the payment page's attach (audit-logged, verified on-chain like any submission), and the claim
 * that verification writes is unique per transfer, so a double click or two people at once pay the
 * payment once; the transfer leaves the inbox in the same transaction as the claim.
 */
export async function attachUnmatchedTransfer(
  ctx: CallContext,
  input: AttachUnmatchedTransferValues,
): Promise<Payment> {
  const { scope, actor } = ctx;
  const transfer = await db().unmatchedTransfer.findFirst({
    where: { id: input.transferId, ...tenant(scope) },
  });
  if (!transfer) throw notFound("Transfer");
  if (transfer.status === "attached" && transfer.paymentId === input.paymentId)
    return readPayment(scope, input.paymentId);
  if (transfer.status !== "open")
    throw new AppError(
      "conflict",
      `This transfer is already ${transfer.status}${transfer.paymentId ? ` (${transfer.paymentId})` : ""}.`,
    );

  const payment = await readPayment(scope, input.paymentId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "payment_not_found")
      throw fieldError("No payment with this id in live mode.");
    throw error;
  });
  // The option is the one this transfer could pay: same asset, same wallet.
  const option = payment.attempt?.settlementId
    ? null
    : (await listPaymentOptions(db(), payment)).find(
        (o) =>
          o.asset === transfer.asset &&
          o.destination.toLowerCase() === `${transfer.chainId}:${transfer.toAddress}`.toLowerCase(),
      );
  if (!payment.attempt?.settlementId && !option)
    throw fieldError("This payment has no option paid in this token to this wallet.");

  const attached = await attachPaymentTransaction(ctx, {
    paymentId: payment.id,
    txHash: transfer.txHash,
    ...(option ? { settlementId: option.settlementId } : {}),
  });
  await db().$transaction(async (tx) => {
    await tx.unmatchedTransfer.updateMany({
      where: { id: transfer.id, ...tenant(scope), status: "open" },
      data: { status: "attached", paymentId: payment.id, resolvedBy: actor, resolvedAt: new Date() },
    });
    await recordAudit(tx, {
      ...tenant(scope),
      actor,
      action: "unmatched_transfer.attached",
      targetType: "payment",
      targetId: payment.id,
      data: { transferId: transfer.id, txHash: transfer.txHash },
    });
  });
  return attached;
}

const fieldError = (message: string) =>
  new AppError("params_validation", message, { fields: { paymentId: message } });
