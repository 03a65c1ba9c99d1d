import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { chainIdOf } from "@/lib/core/chain/chains";
import { parseTransactionId, transactionNotAccepted } from "@/lib/core/chain/verify-transfer";
import { db, type Refund, withAttempt } from "@/lib/core/db";
import type { AttachRefundTransactionInput } from "@/lib/domain/schemas/attach-transaction";
import { tenant } from "@/lib/core/tenancy/scope";
import { getRefund } from "./get-refund";
import { verifyRefundTransaction } from "./verify-refund";

/**
 * Support staff attach the merchant's return transfer to a pending live refund: audit-logged, then
 * verified on-chain like any other path. The refund completes only when the chain shows the
 * transfer deeply enough; a transfer that does not return the money is refused with the reason.
 */
export async function attachRefundTransaction(
  ctx: CallContext,
  input: AttachRefundTransactionInput,
): Promise<{ refund: Refund; confirming: boolean }> {
  const { scope, actor } = ctx;
  const refund = await getRefund(db(), scope, input.refundId);
  const payment = await db().payment.findUniqueOrThrow({
    where: { id: refund.paymentId },
    include: withAttempt,
  });
  const chainId = chainIdOf(payment.attempt?.asset ?? "");
  const txHash = parseTransactionId(chainId, input.txHash);
  await db().$transaction((tx) =>
    recordAudit(tx, {
      ...tenant(scope),
      actor,
      action: "refund.transaction_attached",
      targetType: "refund",
      targetId: refund.id,
      data: { paymentId: refund.paymentId, txHash },
    }),
  );
  const outcome = await verifyRefundTransaction(refund.id, txHash);
  if (outcome.result === "confirmed" || outcome.result === "confirming")
    return { refund: outcome.refund, confirming: outcome.result === "confirming" };
  throw transactionNotAccepted(outcome.reason, chainId);
}
