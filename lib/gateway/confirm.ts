import "server-only";
import { getAddress, isHex, recoverTypedDataAddress, type Hex } from "viem";
import { db, type GatewayOption, type Payment } from "@/lib/db";
import { AppError } from "@/lib/errors/errors";
import { newId } from "@/lib/db/ids";
import { expireIfDue } from "@/lib/payments/get-payment";
import { recordPaymentEvent } from "@/lib/payments/record-event";
import { transitionPayment } from "@/lib/payments/transition";
import { verifyPaymentTransaction } from "@/lib/payments/verify-payment";
import { authorizationTypes, gaslessDomain } from "./eip3009";
import { optionAuthorization } from "./options";
import { requirePayable } from "./payable";
import { RelayFailed, relaySubmission } from "./relay";
import { unseenTransaction } from "./unseen-transaction";

type Results = { type: "walletRpc"; data: unknown[] }[];

/**
 * Confirms an option with what the wallet returned: an EIP-3009 signature (checked to recover to
 * the option's account over exactly the authorization it was shown, then relayed; in test mode the
 * payment succeeds at once) or a transaction hash (verified on-chain as every transfer is). One
 * option per payment is confirmed at a time, and the same confirm again answers the same; another
 * option is refused unless the confirmed one is a transaction hash the chain never saw.
 */
export async function confirmGatewayOption(payment: Payment, optionId: string, results: Results, actor: string): Promise<Payment> {
  const option = await db().gatewayOption.findFirst({ where: { id: optionId, paymentId: payment.id } });
  if (!option) throw new AppError("invalid_params", "That optionId is not one of this payment's options. Ask for options again.", { fields: { optionId: "Unknown option." } });
  // Real wallets pack every signature into the first result; others send one result per action.
  const result = results.flatMap((r) => r.data).find((d): d is string => typeof d === "string");
  if (!result) throw new AppError("invalid_params", "results holds no signature or transaction hash.", { fields: { results: "No wallet result." } });

  if (option.confirmedAt) {
    if (option.result === result.toLowerCase()) return current(payment);
    throw new AppError("invalid_state", "This option was already confirmed with another result.");
  }
  try {
    return await confirmOnce(payment, option, result, actor);
  } catch (error) {
    // The chain watcher (or the checkout) may have found the wallet's transaction before the wallet
    // confirmed it: the payment moved on because of this very transfer, which is the answer.
    if (error instanceof AppError && error.code === "invalid_state" && option.method !== "eip3009" && (await alreadyPaidBy(payment.id, result))) return current(payment);
    throw error;
  }
}

async function alreadyPaidBy(paymentId: string, txHash: string): Promise<boolean> {
  return (await db().chainTransfer.count({ where: { paymentId, txHash: txHash.toLowerCase() } })) > 0;
}

async function confirmOnce(payment: Payment, option: GatewayOption, result: string, actor: string): Promise<Payment> {
  const other = await db().gatewayOption.findFirst({ where: { paymentId: payment.id, confirmedAt: { not: null }, supersededAt: null } });
  const supersede = other ? await unseenTransaction(other) : null;
  if (other && !supersede) throw new AppError("invalid_state", "Another option of this payment was already confirmed.");
  requirePayable(payment);
  if (option.expiresAt.getTime() <= Date.now()) throw new AppError("quote_expired", "This option's quote expired. Ask for options again (refresh) and confirm the new one.");

  const payer = getAddress(option.payer.split(":").pop()!);
  if (option.method === "eip3009") await checkAuthorization(option, result as Hex, payer);
  else if (!/^0x[0-9a-fA-F]{64}$/.test(result)) throw new AppError("invalid_params", "The result of eth_sendTransaction must be the transaction hash (0x and 64 hex digits).", { fields: { results: "Not a transaction hash." } });

  const confirmed = await markConfirmed(payment, option, result.toLowerCase(), payer, actor, other && supersede ? { option: other, reason: supersede } : null);
  if (confirmed.kind === "replay") return current(payment);
  if (option.mode === "test") return confirmed.payment;
  if (option.method === "eip3009") {
    await relaySubmission(confirmed.submissionId!).catch((error: unknown) => {
      throw error instanceof RelayFailed ? new AppError("internal_error", error.message) : error;
    });
  } else await verifyPaymentTransaction(payment.id, result, actor);
  return current(payment);
}

/** Refuses (invalid_params) a signature that is not `payer`'s over exactly the option's authorization. */
export async function checkAuthorization(option: GatewayOption, signature: Hex, payer: string) {
  const domain = await gaslessDomain(option.mode, option.asset);
  if (!domain) throw new AppError("invalid_state", "This option can no longer be paid without gas; ask for options again.");
  if (!isHex(signature) || (signature.length !== 132 && signature.length !== 130)) {
    throw new AppError("invalid_params", "The result of eth_signTypedData_v4 must be a 65-byte signature.", { fields: { results: "Not a signature." } });
  }
  const signer = await recoverTypedDataAddress({ domain, types: authorizationTypes, primaryType: "TransferWithAuthorization", message: optionAuthorization(option), signature }).catch(() => null);
  if (signer !== payer) {
    throw new AppError("invalid_params", `The signature is not ${payer}'s over this option's authorization (amount, destination, nonce and deadline as offered).`, { fields: { results: "Signature does not match." } });
  }
}

/**
 * Records the confirmation and fixes the option on the payment (setting aside `superseded`, an
 * earlier option whose transaction never showed up), in one transaction that bumps the payment's
 * version: of two confirms racing (two instances, a double tap), one wins and the other sees its
 * result. Test mode succeeds here; live mode queues the relay.
 */
async function markConfirmed(payment: Payment, option: GatewayOption, result: string, payer: string, actor: string, superseded: { option: GatewayOption; reason: string } | null) {
  try {
    return await db().$transaction(async (tx) => {
      const { count } = await tx.gatewayOption.updateMany({ where: { id: option.id, confirmedAt: null }, data: { confirmedAt: new Date(), result } });
      if (count === 0) return { kind: "replay" as const };
      let fresh = await tx.payment.findUniqueOrThrow({ where: { id: payment.id } });
      requirePayable(fresh);
      if (superseded) {
        const set = await tx.gatewayOption.updateMany({ where: { id: superseded.option.id, supersededAt: null }, data: { supersededAt: new Date() } });
        if (set.count === 0) throw new AppError("conflict", "The payment changed at the same moment; try again.");
        fresh = await recordPaymentEvent(tx, fresh, { type: "payment.option_superseded", actor, data: { optionId: superseded.option.id, txHash: superseded.option.result, byOptionId: option.id, reason: superseded.reason } });
      }
      const fixed = { optionSettlementId: option.settlementId, optionAsset: option.asset, optionDestination: option.destination, optionValue: option.value, quotedAt: option.createdAt };
      await tx.payment.update({ where: { id: fresh.id }, data: fixed });
      fresh = await recordPaymentEvent(tx, { ...fresh, ...fixed }, { type: "payment.option_confirmed", actor, data: { optionId: option.id, method: option.method, payer: option.payer, asset: option.asset, value: option.value.toFixed() } });
      if (option.mode === "test") {
        const paid = await transitionPayment(tx, fresh, "succeeded", { actor, data: { gateway: true, optionId: option.id }, patch: { txId: `test:${fresh.id}`, paidValue: option.value, payerAddress: payer } });
        return { kind: "confirmed" as const, payment: paid, submissionId: null };
      }
      if (option.method !== "eip3009") {
        await recordPaymentEvent(tx, fresh, { type: "payment.transaction_submitted", actor, data: { txHash: result, settlementId: option.settlementId } });
        return { kind: "confirmed" as const, payment: fresh, submissionId: null };
      }
      const submission = await tx.relayerSubmission.create({
        data: { id: newId("rly"), accountId: fresh.accountId, mode: fresh.mode, paymentId: fresh.id, optionId: option.id, chainId: option.asset.split("/")[0]!, activeKey: fresh.id },
      });
      return { kind: "confirmed" as const, payment: fresh, submissionId: submission.id };
    });
  } catch (error) {
    // Another confirm of this payment got there first (a version race or the one-relay-per-payment key).
    if ((error instanceof AppError && error.code === "conflict") || (error as { code?: string }).code === "P2002") {
      throw new AppError("invalid_state", "Another option of this payment was confirmed at the same moment.");
    }
    throw error;
  }
}

async function current(payment: Payment): Promise<Payment> {
  return expireIfDue(await db().payment.findUniqueOrThrow({ where: { id: payment.id } }));
}
