import "server-only";
import type { Hex } from "viem";
import { db, type DbOrTx, type Payment, withAttempt } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import {
  postedHashIsPayments,
  postedSignatureIsPayments,
  transactionSubmittedEvent,
} from "@/lib/domain/payments/attribution";
import { recordPaymentEvent, retryOnConflict } from "@/lib/domain/payments/record-event";
import type { PaymentOption } from "@/lib/domain/payments/payment-options";
import { quotePaymentOption, selectPaymentOption } from "@/lib/domain/payments/select-option";
import { serializeStatus } from "@/lib/domain/payments/serialize";
import { isFinalStatus } from "@/lib/domain/payments/lifecycle";
import { isFinalPaymentRefusal } from "@/lib/domain/payments/transition";
import { verifyPaymentTransaction } from "@/lib/domain/payments/verify-payment";
import { chainIdOf } from "@/lib/core/chain/chains";
import { parseTransactionId } from "@/lib/core/chain/verify-transfer";
import { verifySolanaPayment } from "@/lib/domain/payments/verify-solana-payment";
import type { PaymentStatusJson } from "@/lib/domain/schemas/payment";
import type { CallContext } from "@/lib/domain/context/call-context";
import { findCheckoutPayment } from "./find-checkout-payment";
import type { SubmitTransactionInput } from "@/lib/domain/schemas/checkout";

const maxSubmissions = 10;

/** The timeline step of a hash posted through the payment's link that does not show it is this payment's. */
export const transactionReportedEvent = "payment.transaction_reported";

/**
 * A transaction hash (on a Solana option, a signature) posted through the payment's public link.
 * Anyone holding the link may post one, so it counts as returned for this payment (and is checked
 * on-chain against it, with the option it pays fixed on the payment, as support's attach is) only
 * when its sender is the account this payment was quoted for, or on Solana when it carries the
 * payment's reference key (lib/domain/payments/attribution.ts). Any other hash, another buyer's
 * pending transfer say, is recorded on the timeline as reported and pays nothing: the payment is
 * answered as it is, and support decides from the inbox. The same hash again records nothing new.
 */
export async function submitTransaction(
  ctx: CallContext,
  paymentId: string,
  input: SubmitTransactionInput,
  source: string,
): Promise<PaymentStatusJson> {
  const found = await findCheckoutPayment(paymentId);
  if (found.mode === "live" && !isFinalStatus(found.status)) {
    const settlement = await db().cryptoSettlement.findFirst({
      where: {
        id: input.settlementId,
        merchantId: found.merchantId,
        accountId: found.accountId,
        mode: "live",
      },
    });
    if (!settlement)
      throw new AppError("params_validation", "That is not one of this payment's options.", {
        fields: { settlementId: "Not an option of this payment." },
      });
    const chainId = chainIdOf(settlement.asset);
    const txHash = parseTransactionId(chainId, input.txHash);
    const payments = chainId.startsWith("solana:")
      ? await postedSignatureIsPayments(found.id, settlement, txHash)
      : await postedHashIsPayments(found.id, settlement, txHash as Hex);
    if (!payments) {
      await retryOnConflict(() =>
        recordHash(found.id, txHash, input, ctx.actor, `address:${source}`, transactionReportedEvent),
      );
      return serializeStatus(
        await db().payment.findUniqueOrThrow({ where: { id: found.id }, include: withAttempt }),
      );
    }
  }
  return serializeStatus(await submitPaymentTransaction(found, input, ctx.actor, `address:${source}`));
}

/**
 * The same for whoever else holds a hash (support staff in the dashboard), recorded under their
 * name; on a Solana option, a signature checked at `finalized` (verifySolanaPayment). `source` is who sent it (the caller's address for the checkout), whose submissions are
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
  const { asset } = await db().cryptoSettlement.findUniqueOrThrow({
    where: { id: input.settlementId },
    select: { asset: true },
  });
  const chainId = chainIdOf(asset);
  const txHash = parseTransactionId(chainId, input.txHash);
  try {
    await retryOnConflict(async () =>
      recordHash(found.id, txHash, input, actor, source, transactionSubmittedEvent, {
        quoted: await quotePaymentOption(
          await db().payment.findUniqueOrThrow({ where: { id: found.id }, include: withAttempt }),
          input.settlementId,
        ),
      }),
    );
  } catch (error) {
    // Settled by this very transfer (the watcher found it first): the submitter gets the outcome.
    if (isFinalPaymentRefusal(error)) {
      const current = await db().payment.findUniqueOrThrow({ where: { id: found.id }, include: withAttempt });
      if (current.txId === txHash) return current;
    }
    throw error;
  }
  return chainId.startsWith("solana:")
    ? verifySolanaPayment(found.id, txHash, actor, 0)
    : verifyPaymentTransaction(found.id, txHash, actor);
}

/**
 * Records a hash's step in a transaction of its own: a submitted hash (`chosen`, the option quoted
 * for it) fixes that option on the payment; a reported one (see submitTransaction) leaves the
 * payment and its option as they are.
 */
async function recordHash(
  paymentId: string,
  txHash: string,
  input: SubmitTransactionInput,
  actor: string,
  source: string,
  type: string,
  chosen?: { quoted: PaymentOption | null },
): Promise<void> {
  await db().$transaction(async (tx) => {
    const read = await tx.payment.findUniqueOrThrow({ where: { id: paymentId }, include: withAttempt });
    const payment = chosen ? await selectPaymentOption(tx, read, input.settlementId, chosen.quoted) : read;
    await recordOnce(tx, payment, txHash, input, actor, source, type);
  });
}

/** A hash's step on the timeline, once per hash, at most `maxSubmissions` per source (submitted and reported alike). */
async function recordOnce(
  tx: DbOrTx,
  payment: Payment,
  txHash: string,
  input: SubmitTransactionInput,
  actor: string,
  source: string,
  type: string,
): Promise<void> {
  const earlier = await tx.paymentEvent.findMany({
    where: { paymentId: payment.id, type: { in: [transactionSubmittedEvent, transactionReportedEvent] } },
    select: { type: true, data: true },
  });
  if (earlier.some((e) => e.type === type && (e.data as { txHash?: unknown }).txHash === txHash)) return;
  if (
    earlier.filter((event) => (event.data as { source?: unknown }).source === source).length >= maxSubmissions
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
    asset: payment.attempt?.asset ?? null,
    value: payment.attempt?.value.toFixed() ?? null,
    source,
  };
  await recordPaymentEvent(tx, payment, { type, actor, data });
}
