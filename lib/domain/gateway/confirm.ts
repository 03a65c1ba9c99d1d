import "server-only";
import { getAddress, isHex, type Hex } from "viem";
import { logger } from "@/lib/core/log/logger";
import { db, type PaymentAttempt, type Payment, withAttempt } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { newId } from "@/lib/core/ids/ids";
import { recordActiveAttempt } from "@/lib/domain/payments/attempts";
import { expireIfDue } from "@/lib/domain/payments/get-payment";
import { recordPaymentEvent } from "@/lib/domain/payments/record-event";
import { transitionPayment } from "@/lib/domain/payments/transition";
import { verifyPaymentTransaction } from "@/lib/domain/payments/verify-payment";
import { checkCollectorResults } from "./collector/collector-confirm";
import { authorizationSigner } from "./authorization-signer";
import { gaslessDomain } from "./eip3009";
import { findGatewayOption, optionAuthorization } from "./options";
import { requirePayable } from "./payable";
import { relaySubmission } from "./relay";
import { checkSignedTransaction } from "./solana/check-signed";
import { relaySolanaSubmission } from "./solana/relay";
import { verifySolanaPayment } from "@/lib/domain/payments/verify-solana-payment";
import { chainHoldsTransaction, transactionRefusal, unseenTransaction } from "./unseen-transaction";

type Results = { type: "walletRpc"; data: unknown[] }[];

/**
 * Confirms an option with what the wallet returned: an EIP-3009 signature (checked to recover to
 * the option's account over exactly the authorization it was shown, then relayed; in test mode the
 * payment succeeds at once) or a transaction hash (verified on-chain as every transfer is). One
 * option per payment is confirmed at a time, and the same confirm again answers the same; another
 * option is refused unless the confirmed one is a transaction hash the chain never saw.
 */
export async function confirmGatewayOption(
  payment: Payment,
  optionId: string,
  results: Results,
  actor: string,
): Promise<Payment> {
  const option = await findGatewayOption(payment.id, optionId);
  if (!option)
    throw new AppError(
      "invalid_params",
      "That optionId is not one of this payment's options. Ask for options again.",
      { fields: { optionId: "Unknown option." } },
    );
  const result = confirmationResult(results, option?.method);
  if (!result)
    throw new AppError("invalid_params", "results holds no signature or transaction hash.", {
      fields: { results: "No wallet result." },
    });

  if (option.confirmedAt) {
    if (option.result === resultKey(option, result)) return replay(payment, option, actor);
    throw new AppError("invalid_state", "This option was already confirmed with another result.");
  }
  try {
    return await confirmOnce(payment, option, result, actor);
  } catch (error) {
    if (!(error instanceof AppError && error.code === "invalid_state")) throw error;
    // The same confirm at the same moment (a double tap, another instance) won: its answer is this one's.
    const now = await db().paymentAttempt.findUniqueOrThrow({ where: { id: option.id } });
    if (now.confirmedAt && now.result === resultKey(option, result)) return replay(payment, now, actor);
    // The chain watcher (or the checkout) may have found the wallet's transaction before the wallet
    // confirmed it: the payment moved on because of this very transfer, which is the answer.
    if (option.method === "transaction" && (await alreadyPaidBy(payment.id, result))) return current(payment);
    throw error;
  }
}

/** What the wallet returned: real wallets pack every signature into the first result; others send one result per action. */
export function confirmationResult(results: Results, method?: string): string | undefined {
  // Real wallets pack every signature into the first result; others send one result per action.
  const strings = results.flatMap((r) => r.data).filter((d): d is string => typeof d === "string");
  // A collector option has a result per action (approvals, a permit, the payment), kept together.
  return method === "collector" && strings.length ? strings.join(",") : strings[0];
}

/**
 * The answer to a confirm already made with the same result: once the first one has done what it
 * does (relayed the authorization, checked the hash), the same status it answers. A relay another
 * request is still sending is waited for, up to the relay's own bound.
 */
async function replay(payment: Payment, option: PaymentAttempt, actor: string): Promise<Payment> {
  if (option.mode === "test") return current(payment);
  if (option.method === "transaction") {
    await verifyPaymentTransaction(payment.id, option.result!, actor).catch((error: unknown) =>
      logger.warn(
        { err: error, paymentId: payment.id },
        "Gateway: could not check a confirmed transaction again.",
      ),
    );
    return accepted(payment, await chainHoldsTransaction(option, option.result as Hex));
  }
  const deadline = Date.now() + relayWaitMs;
  for (;;) {
    const submission = await db().relayerSubmission.findFirst({
      where: { optionId: option.id },
      orderBy: { createdAt: "desc" },
    });
    if (!submission || submission.status === "failed") return current(payment);
    if (submission.status === "submitted" && submission.txHash) {
      const verify = option.method === "solana" ? verifySolanaPayment : verifyPaymentTransaction;
      await verify(payment.id, submission.txHash, "relayer").catch((error: unknown) =>
        logger.warn(
          { err: error, paymentId: payment.id },
          "Gateway: could not check a relayed transaction again.",
        ),
      );
      return accepted(payment, true);
    }
    if (Date.now() > deadline) return accepted(payment, false);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// As long as a relay may take (the lease wait, then a broadcast bounded by the RPC timeout).
const relayWaitMs = 25_000;

/**
 * The payment as a confirm answers it. Once a transfer is broadcast (relayed by us, or sent by the
 * wallet), a fault after it (the database or the RPC) or a chain that has not mined it yet does
 * not make the answer an error or "pay again": it is accepted, `processing`.
 */
async function accepted(payment: Payment, broadcast: boolean): Promise<Payment> {
  const now = await current(payment).catch((error: unknown) => {
    if (!broadcast) throw error;
    logger.warn(
      { err: error, paymentId: payment.id },
      "Gateway: could not read a payment after its transfer was broadcast; answered as accepted.",
    );
    return payment;
  });
  return broadcast && now.status === "requires_action" ? { ...now, status: "processing" } : now;
}

async function alreadyPaidBy(paymentId: string, txHash: string): Promise<boolean> {
  return (await db().chainTransfer.count({ where: { paymentId, txHash: txHash.toLowerCase() } })) > 0;
}

async function confirmOnce(
  payment: Payment,
  option: PaymentAttempt,
  result: string,
  actor: string,
): Promise<Payment> {
  const other = await db().paymentAttempt.findFirst({
    where: { paymentId: payment.id, confirmedAt: { not: null }, supersededAt: null },
  });
  if (other?.id === option.id)
    throw new AppError("invalid_state", "This option was confirmed at the same moment.");
  const supersede = other ? await unseenTransaction(other, payment) : null;
  if (other && !supersede)
    throw new AppError("invalid_state", "Another option of this payment was already confirmed.");
  requirePayable(payment);
  if (option.expiresAt.getTime() <= Date.now())
    throw new AppError(
      "quote_expired",
      "This option's quote expired. Ask for options again (refresh) and confirm the new one.",
    );

  const payer =
    option.method === "solana"
      ? option.payer!.split(":").pop()!
      : getAddress(option.payer!.split(":").pop()!);
  if (option.method === "eip3009") await checkAuthorization(option, result as Hex, payer);
  else if (option.method === "collector")
    await checkCollectorResults(option, result.split(","), payer as Hex);
  else if (option.method === "solana") await checkSignedTransaction(option, result);
  else {
    if (!/^0x[0-9a-fA-F]{64}$/.test(result))
      throw new AppError(
        "invalid_params",
        "The result of eth_sendTransaction must be the transaction hash (0x and 64 hex digits).",
        { fields: { results: "Not a transaction hash." } },
      );
    // A hash is checked before it pins the option: one that cannot pay this payment would lock out its buyer.
    const refused =
      option.mode === "live" ? await transactionRefusal(option, payment, result.toLowerCase() as Hex) : null;
    if (refused) throw new AppError("invalid_params", refused, { fields: { results: refused } });
  }

  const confirmed = await markConfirmed(
    payment,
    option,
    resultKey(option, result),
    payer,
    actor,
    other && supersede ? { option: other, reason: supersede } : null,
  );
  if (confirmed.kind === "replay")
    return replay(payment, { ...option, confirmedAt: new Date(), result: resultKey(option, result) }, actor);
  if (option.mode === "test") return confirmed.payment;
  if (option.method === "eip3009" || option.method === "solana" || option.method === "collector")
    return relayConfirmed(payment, option, confirmed.submissionId!, actor);
  await verifyPaymentTransaction(payment.id, result, actor).catch((error: unknown) =>
    logger.warn(
      { err: error, paymentId: payment.id },
      "Gateway: could not check a confirmed transaction yet; the watcher will.",
    ),
  );
  // Accepted (processing) once the chain holds the wallet's transaction; a hash it has not heard of
  // yet leaves the payment payable, as its status says.
  return accepted(payment, await chainHoldsTransaction(option, result as Hex));
}

/** Relays a confirmed gasless option's queued submission and answers the payment as the relay left it. */
export async function relayConfirmed(
  payment: Payment,
  option: PaymentAttempt,
  submissionId: string,
  actor: string,
): Promise<Payment> {
  const txHash =
    option.method === "solana"
      ? await relaySolanaSubmission(submissionId)
      : await relaySubmission(submissionId);
  // Claimed by another instance's recovery in between: its outcome is awaited like a double confirm's.
  return txHash === undefined ? replay(payment, option, actor) : accepted(payment, txHash !== null);
}

/** Refuses (invalid_params) a signature that is not `payer`'s over exactly the option's authorization. */
export async function checkAuthorization(option: PaymentAttempt, signature: Hex, payer: string) {
  const domain = await gaslessDomain(option.mode, option.asset);
  if (!domain)
    throw new AppError(
      "invalid_state",
      "This option can no longer be paid without gas; ask for options again.",
    );
  if (!isHex(signature) || (signature.length !== 132 && signature.length !== 130)) {
    throw new AppError("invalid_params", "The result of eth_signTypedData_v4 must be a 65-byte signature.", {
      fields: { results: "Not a signature." },
    });
  }
  if (authorizationSigner(domain, optionAuthorization(option), signature) !== payer) {
    throw new AppError(
      "invalid_params",
      `The signature is not ${payer}'s over this option's authorization (amount, destination, nonce and deadline as offered).`,
      { fields: { results: "Signature does not match." } },
    );
  }
}

/**
 * Records the confirmation and fixes the option on the payment (setting aside `superseded`, an
 * earlier option whose transaction never showed up), in one transaction that bumps the payment's
 * version: of two confirms racing (two instances, a double tap), one wins and the other sees its
 * result. Test mode succeeds here; live mode queues the relay.
 */
async function markConfirmed(
  payment: Payment,
  option: PaymentAttempt,
  result: string,
  payer: string,
  actor: string,
  superseded: { option: PaymentAttempt; reason: string } | null,
) {
  try {
    return await db().$transaction(async (tx) => {
      const { count } = await tx.paymentAttempt.updateMany({
        where: { id: option.id, confirmedAt: null },
        data: { confirmedAt: new Date(), result },
      });
      if (count === 0) return { kind: "replay" as const };
      let fresh = await tx.payment.findUniqueOrThrow({ where: { id: payment.id }, include: withAttempt });
      requirePayable(fresh);
      if (superseded) {
        const set = await tx.paymentAttempt.updateMany({
          where: { id: superseded.option.id, supersededAt: null },
          data: { supersededAt: new Date() },
        });
        if (set.count === 0)
          throw new AppError("conflict", "The payment changed at the same moment; try again.");
        fresh = await recordPaymentEvent(tx, fresh, {
          type: "payment.option_superseded",
          actor,
          data: {
            optionId: superseded.option.id,
            txHash: superseded.option.result,
            byOptionId: option.id,
            reason: superseded.reason,
          },
        });
      }
      fresh = await recordActiveAttempt(tx, fresh, { ...option, confirmedAt: new Date(), result });
      fresh = await recordPaymentEvent(tx, fresh, {
        type: "payment.option_confirmed",
        actor,
        data: {
          optionId: option.id,
          method: option.method,
          payer: option.payer,
          asset: option.asset,
          value: option.value.toFixed(),
        },
      });
      if (option.mode === "test") {
        const paid = await transitionPayment(tx, fresh, "succeeded", {
          actor,
          data: { gateway: true, optionId: option.id },
          patch: { txId: `test:${fresh.id}`, paidValue: option.value, payerAddress: payer },
        });
        return { kind: "confirmed" as const, payment: paid, submissionId: null };
      }
      if (option.method === "transaction") {
        await recordPaymentEvent(tx, fresh, {
          type: "payment.transaction_submitted",
          actor,
          data: { txHash: result, settlementId: option.settlementId },
        });
        return { kind: "confirmed" as const, payment: fresh, submissionId: null };
      }
      const submission = await tx.relayerSubmission.create({
        data: {
          id: newId("rly"),
          accountId: fresh.accountId,
          mode: fresh.mode,
          paymentId: fresh.id,
          optionId: option.id,
          chainId: option.asset.split("/")[0]!,
          activeKey: fresh.id,
        },
      });
      return { kind: "confirmed" as const, payment: fresh, submissionId: submission.id };
    });
  } catch (error) {
    // Another confirm of this payment got there first (a version race or the one-relay-per-payment key).
    if (
      (error instanceof AppError && error.code === "conflict") ||
      (error as { code?: string }).code === "P2002"
    ) {
      throw new AppError("invalid_state", "Another option of this payment was confirmed at the same moment.");
    }
    throw error;
  }
}

/** What a confirm is remembered by: a hash or EVM signature in lower case, a Solana transaction (base64) as sent. */
function resultKey(option: PaymentAttempt, result: string): string {
  return option.method === "solana" ? result : result.toLowerCase();
}

async function current(payment: Payment): Promise<Payment> {
  return expireIfDue(
    await db().payment.findUniqueOrThrow({ where: { id: payment.id }, include: withAttempt }),
  );
}
