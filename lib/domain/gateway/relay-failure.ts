import "server-only";
import { withAttempt, type DbOrTx } from "@/lib/core/db";
import type { AppError } from "@/lib/core/errors/errors";
import { recordPaymentEvent } from "@/lib/domain/payments/record-event";

/**
 * After a relay that certainly sent nothing (EVM or Solana): the option is open again, so the buyer
 * may confirm once more (after the relayer is funded, say), and the payment's history says why.
 */
export async function reopenAfterRelayFailure(
  tx: DbOrTx,
  submission: { paymentId: string; chainId: string },
  optionId: string,
  failure: AppError,
): Promise<void> {
  await tx.paymentAttempt.update({ where: { id: optionId }, data: { confirmedAt: null, result: null } });
  const payment = await tx.payment.findUniqueOrThrow({
    where: { id: submission.paymentId },
    include: withAttempt,
  });
  await recordPaymentEvent(tx, payment, {
    type: "payment.relay_failed",
    actor: "relayer",
    data: { optionId, chainId: submission.chainId, code: failure.code, error: failure.message },
  });
}
