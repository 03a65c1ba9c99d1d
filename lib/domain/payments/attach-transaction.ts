import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { chainIdOf } from "@/lib/core/chain/chains";
import { parseTransactionId, transactionNotAccepted } from "@/lib/core/chain/verify-transfer";
import { submitPaymentTransaction } from "@/lib/domain/payments/submit-transaction";
import { db, type Payment } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import type { AttachPaymentTransactionInput } from "@/lib/domain/schemas/attach-transaction";
import { tenant } from "@/lib/core/tenancy/scope";
import { readPayment } from "./get-payment";

/**
 * Support staff attach a transaction hash to a live payment (the buyer paid but the payment was not
 * found): audit-logged, then the same submission and on-chain verification as the checkout's. A hash
 * that does not pay the payment is refused with the chain's reason.
 */
export async function attachPaymentTransaction(
  ctx: CallContext,
  input: AttachPaymentTransactionInput,
): Promise<Payment> {
  const { scope, actor } = ctx;
  const payment = await readPayment(scope, input.paymentId);
  if (payment.mode !== "live")
    throw new AppError("forbidden", "Test-mode payments have no on-chain transaction.");
  const settlementId = input.settlementId ?? payment.attempt?.settlementId;
  if (!settlementId)
    throw new AppError("params_validation", "Choose the option the buyer paid with.", {
      fields: { settlementId: "Choose the option the buyer paid with." },
    });
  const settlement = await db().cryptoSettlement.findFirst({
    where: { id: settlementId, accountId: payment.accountId, mode: "live" },
    select: { asset: true },
  });
  if (!settlement)
    throw new AppError("params_validation", "Not an option of this payment.", {
      fields: { settlementId: "Not an option of this payment." },
    });
  const chainId = chainIdOf(settlement.asset);
  const txHash = parseTransactionId(chainId, input.txHash);
  await db().$transaction((tx) =>
    recordAudit(tx, {
      ...tenant(scope),
      actor,
      action: "payment.transaction_attached",
      targetType: "payment",
      targetId: payment.id,
      data: { txHash, settlementId },
    }),
  );

  const result = await submitPaymentTransaction(payment, { settlementId, txHash }, actor);
  if (result.status === "processing" || (result.status === "succeeded" && result.txId === txHash))
    return result;
  const rejection = await db().paymentEvent.findFirst({
    where: {
      paymentId: payment.id,
      type: "payment.transfer_rejected",
      data: { path: ["txHash"], equals: txHash },
    },
  });
  throw transactionNotAccepted((rejection?.data as { reason?: string } | null)?.reason, chainId);
}
