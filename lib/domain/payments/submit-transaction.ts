import "server-only";
import { db, type Payment } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { transactionSubmittedEvent } from "@/lib/domain/payments/attribution";
import { recordPaymentEvent, retryOnConflict } from "@/lib/domain/payments/record-event";
import type { PaymentOption } from "@/lib/domain/payments/payment-options";
import { quotePaymentOption, selectPaymentOption } from "@/lib/domain/payments/select-option";
import { serializeStatus } from "@/lib/domain/payments/serialize";
import { isFinalPaymentRefusal } from "@/lib/domain/payments/transition";
import { verifyPaymentTransaction } from "@/lib/domain/payments/verify-payment";
import type { PaymentStatusJson } from "@/lib/domain/schemas/payment";
import { findCheckoutPayment } from "./find-checkout-payment";
import type { SubmitTransactionInput } from "@/lib/domain/schemas/checkout";

const maxSubmissions = 10;

/**
 * Records a transaction hash a buyer's wallet returned on the payment's timeline, with the option
 * it pays fixed on the payment, then checks it on-chain. The hash itself proves nothing: only the
 * chain's answer moves the status. Submitting the same hash again records nothing new.
 */
export async function submitTransaction(
  paymentId: string,
  input: SubmitTransactionInput,
  source: string,
): Promise<PaymentStatusJson> {
  const found = await findCheckoutPayment(paymentId);
  return serializeStatus(await submitPaymentTransaction(found, input, "buyer", `address:${source}`));
}

/**
 * The same for whoever else holds a hash (support staff in the dashboard), recorded under their
 * name. `source` is who sent it (the caller's address for the checkout), whose submissions are
 * capped: a stranger's made-up hashes never use up the buyer's.
 */
export async function submitPaymentTransaction(
  found: Payment,
  input: SubmitTransactionInput,
  actor: string,
  source = actor,
): Promise<Payment> {
  if (found.mode !== "live")
    throw new AppError(
      "forbidden",
      "Test-mode payments are settled with the test buttons; there is no transaction to submit.",
    );
  const txHash = input.txHash.toLowerCase();
  try {
    await retryOnConflict(async () =>
      recordSubmission(
        found.id,
        txHash,
        input,
        actor,
        source,
        await quotePaymentOption(
          await db().payment.findUniqueOrThrow({ where: { id: found.id } }),
          input.settlementId,
        ),
      ),
    );
  } catch (error) {
    // Settled by this very transfer (the watcher found it first): the submitter gets the outcome.
    if (isFinalPaymentRefusal(error)) {
      const current = await db().payment.findUniqueOrThrow({ where: { id: found.id } });
      if (current.txId === txHash) return current;
    }
    throw error;
  }
  return verifyPaymentTransaction(found.id, txHash, actor);
}

async function recordSubmission(
  paymentId: string,
  txHash: string,
  input: SubmitTransactionInput,
  actor: string,
  source: string,
  quoted: PaymentOption | null,
): Promise<void> {
  await db().$transaction(async (tx) => {
    const payment = await selectPaymentOption(
      tx,
      await tx.payment.findUniqueOrThrow({ where: { id: paymentId } }),
      input.settlementId,
      quoted,
    );
    const earlier = await tx.paymentEvent.findMany({
      where: { paymentId: payment.id, type: transactionSubmittedEvent },
      select: { data: true },
    });
    if (earlier.some((event) => (event.data as { txHash?: unknown }).txHash === txHash)) return;
    if (
      earlier.filter((event) => (event.data as { source?: unknown }).source === source).length >=
      maxSubmissions
    ) {
      throw new AppError(
        "conflict",
        `You already submitted ${maxSubmissions} transactions for this payment; contact the merchant.`,
      );
    }
    const data = {
      txHash,
      from: input.from?.toLowerCase() ?? null,
      settlementId: input.settlementId,
      asset: payment.optionAsset,
      value: payment.optionValue?.toFixed() ?? null,
      source,
    };
    await recordPaymentEvent(tx, payment, { type: transactionSubmittedEvent, actor, data });
  });
}
