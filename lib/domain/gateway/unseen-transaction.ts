import "server-only";
import { transactionKey } from "@/lib/core/chain/transaction-key";
import { getAddress, isAddressEqual, TransactionNotFoundError, type Hash } from "viem";
import { assetInfo } from "@/lib/core/chain/asset-info";
import { chainIdOf, getChain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import { verifyTransfer } from "@/lib/core/chain/verify-transfer";
import { db, type PaymentAttempt, type Payment } from "@/lib/core/db";
import { env } from "@/lib/core/config/env";
import { logger } from "@/lib/core/log/logger";
import { toleratedMinimum } from "@/lib/domain/payments/exceptions";

/**
 * Why a transaction hash returned for an `eth_sendTransaction` option cannot be this option's
 * payment, or null while it may be: it is unknown to the chain (not broadcast yet, or the chain
 * cannot be asked right now), pending to the option's token or wallet from the option's account,
 * or mined paying this payment (an underpayment included: it is the buyer's, and an exception).
 * Anything else (another sender or recipient, a reverted transfer, one mined before the payment, one
 * that already paid another payment) is refused before it pins the option, and sets aside at once
 * an option it pinned, so that nobody holding the payment's link can block its buyer.
 */
export async function transactionRefusal(
  option: PaymentAttempt,
  payment: Payment,
  txHash: Hash,
): Promise<string | null> {
  const chain = getChain(chainIdOf(option.asset));
  if (!chain) return null;
  const tx = await chainClient(chain)
    .getTransaction({ hash: txHash })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionNotFoundError))
        logger.warn(
          { err: error, txHash },
          "Gateway: could not look a returned transaction up; taken as not yet known.",
        );
      return null;
    });
  if (!tx) return null;
  const asset = await assetInfo(chain, option.asset);
  const target = asset.kind === "erc20" ? asset.address! : getAddress(option.destination.split(":").pop()!);
  const payer = getAddress(option.payer!.split(":").pop()!);
  if (!isAddressEqual(tx.from, payer))
    return `The transaction ${txHash} was not sent from ${payer}, the account this option is for.`;
  if (!tx.to || !isAddressEqual(tx.to, target))
    return `The transaction ${txHash} is not a payment in ${asset.symbol} to this payment's wallet.`;
  if (tx.blockNumber === null) return null;
  const merchant = await db().merchant.findUniqueOrThrow({
    where: { id: payment.merchantId },
    select: { underpaymentToleranceBps: true },
  });
  const verdict = await verifyTransfer(chain, txHash, {
    asset,
    destination: option.destination.split(":").pop()!,
    minValue: toleratedMinimum(BigInt(option.value.toFixed()), merchant.underpaymentToleranceBps),
    notBefore: payment.createdAt,
    notAfter: payment.expiresAt,
  }).catch(() => null);
  if (!verdict || verdict.kind === "not_found") return null;
  if (verdict.kind === "rejected" && verdict.code !== "underpaid")
    return `The transaction ${txHash} does not pay this payment: ${verdict.reason}`;
  const transfer = verdict.transfer!;
  const claim = await db().chainTransfer.findUnique({
    where: {
      chainId_txHash_logIndex: {
        chainId: chain.id,
        txHash: transactionKey(chain.id, txHash),
        logIndex: transfer.logIndex,
      },
    },
    select: { paymentId: true },
  });
  return claim && claim.paymentId !== payment.id
    ? `The transaction ${txHash} already paid another payment.`
    : null;
}

/**
 * Why a confirmed option may give way to another one, or null when it may not. Only a transaction
 * hash can: one the chain shows cannot pay this payment (transactionRefusal), at once, or one that
 * the chain has neither mined nor holds as pending GATEWAY_UNSEEN_TRANSACTION_MS after the confirm
 * (never broadcast, or dropped). A signature (relayed by Tollgate), a transaction that may still
 * pay, or a chain that cannot be asked right now keeps the option.
 */
export async function unseenTransaction(option: PaymentAttempt, payment: Payment): Promise<string | null> {
  if (option.method !== "transaction" || !option.confirmedAt || !option.result) return null;
  const refused = await transactionRefusal(option, payment, option.result as Hash);
  if (refused) return refused;
  const waitedMs = Date.now() - option.confirmedAt.getTime();
  if (waitedMs < env.GATEWAY_UNSEEN_TRANSACTION_MS) return null;
  const chain = getChain(chainIdOf(option.asset));
  if (!chain) return null;
  const known = await chainHoldsTransaction(option, option.result as Hash);
  return known
    ? null
    : `The transaction ${option.result} was not found on ${chain.name}, mined or pending, ${Math.floor(waitedMs / 1000)} s after it was confirmed.`;
}

/**
 * Whether the option's chain holds the transaction, mined or pending. A chain that cannot be asked
 * right now is taken to hold it: the wallet said it broadcast it.
 */
export async function chainHoldsTransaction(option: PaymentAttempt, txHash: Hash): Promise<boolean> {
  const chain = getChain(chainIdOf(option.asset));
  if (!chain) return false;
  return chainClient(chain)
    .getTransaction({ hash: txHash })
    .then(
      () => true,
      (error: unknown) => !(error instanceof TransactionNotFoundError),
    );
}
