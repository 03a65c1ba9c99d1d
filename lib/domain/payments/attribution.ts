import "server-only";
import { decodeFunctionData, erc20Abi, TransactionNotFoundError, type Hex } from "viem";
import { chainIdOf, getChain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import { getSolanaCluster } from "@/lib/core/chain/solana/clusters";
import { solanaTransaction, transactionAccounts } from "@/lib/core/chain/solana/transaction";
import { db, type Prisma } from "@/lib/core/db";
import { solanaPayReference } from "@/lib/core/chain/solana/solana-pay-reference";

/** The timeline step naming a transaction hash returned for a payment (by its buyer's wallet, or our relayer). */
export const transactionSubmittedEvent = "payment.transaction_submitted";

/**
 * How long after its expiry a payment may still be found paid (late): a buyer's wallet that
 * broadcast just before the deadline, or an authorization executed by someone else after a reorg.
 */
export const paidLateHorizonMs = 7 * 24 * 60 * 60 * 1000;

/**
 * What only one payment produced, by which a transfer on its chain is credited to it: the
 * EIP-3009 authorizations it offered (authorizer and nonce, whoever broadcast them) and the
 * transaction hashes its buyer's wallet (or our relayer) returned for it. A hash two payments were
 * given (whatever their status) proves neither: it is left to the payment that verified it first
 * and to support.
 */
export type AttributionKeys = { byAuthorization: Map<string, string>; byHash: Map<string, string[]> };

export const authorizationKey = (authorizer: string, nonce: string) =>
  `${authorizer.toLowerCase()}:${nonce.toLowerCase()}`;

/** Live payments a transfer may still pay: open, confirming, or lately expired. */
export const payableByTransfers = (): Prisma.PaymentWhereInput => ({
  mode: "live",
  OR: [
    { status: { in: ["requires_action", "processing"] } },
    { status: "expired", expiresAt: { gt: new Date(Date.now() - paidLateHorizonMs) } },
  ],
});

/** The keys of every live payment on `chainId` that a transfer may still pay (open, confirming, or lately expired). */
export async function attributionKeys(chainId: string): Promise<AttributionKeys> {
  const payments = await db().payment.findMany({
    where: { ...payableByTransfers(), attempt: { asset: { startsWith: `${chainId}/` } } },
    select: { id: true },
  });
  const ids = payments.map((p) => p.id);
  const [options, submissions] = ids.length
    ? await Promise.all([
        db().paymentAttempt.findMany({
          where: {
            paymentId: { in: ids },
            mode: "live",
            method: "eip3009",
            nonce: { not: null },
            payer: { not: null },
          },
          select: { paymentId: true, payer: true, nonce: true },
        }),
        db().paymentEvent.findMany({
          where: { paymentId: { in: ids }, type: transactionSubmittedEvent },
          select: { paymentId: true, data: true },
        }),
      ])
    : [[], []];
  const byAuthorization = new Map(
    options.map((o) => [authorizationKey(o.payer!.split(":").pop()!, o.nonce!), o.paymentId]),
  );
  const byHash = new Map<string, string[]>();
  for (const { paymentId, data } of submissions) {
    const txHash = (data as { txHash?: unknown }).txHash;
    if (typeof txHash !== "string") continue;
    const claimants = byHash.get(txHash.toLowerCase()) ?? [];
    if (!claimants.includes(paymentId)) byHash.set(txHash.toLowerCase(), [...claimants, paymentId]);
  }
  // The same hash returned for a payment no longer open (cancelled, paid) makes it no proof either.
  const hashes = [...byHash.keys()];
  const elsewhere = hashes.length
    ? await db().$queryRaw<
        { paymentId: string; txHash: string }[]
      >`SELECT "paymentId", lower("data"->>'txHash') AS "txHash" FROM "PaymentEvent" WHERE "type" = ${transactionSubmittedEvent} AND lower("data"->>'txHash') = ANY(${hashes})`
    : [];
  for (const { paymentId, txHash } of elsewhere) {
    const claimants = byHash.get(txHash)!;
    if (!claimants.includes(paymentId)) claimants.push(paymentId);
  }
  return { byAuthorization, byHash };
}

/**
 * The payment a transfer was made for, or null: the authorization used in its transaction first
 * (it names the payment beyond doubt), else the one payment its hash was returned for. Amount,
 * time and wallet are never enough: at a shared wallet they are only support's guess.
 */
export function attributeTransfer(
  transfer: { txHash: string; authorizations: string[] },
  keys: AttributionKeys,
): string | null {
  for (const used of transfer.authorizations) {
    const paymentId = keys.byAuthorization.get(used);
    if (paymentId) return paymentId;
  }
  const claimants = keys.byHash.get(transfer.txHash.toLowerCase());
  return claimants?.length === 1 ? claimants[0]! : null;
}

/**
 * Whether a transaction hash posted through a payment's public link (the checkout's
 * /pay/{id}/transactions, which anyone holding the link can call) is this payment's: it is when
 * its sender is the account this payment was quoted for that settlement's asset and destination,
 * and no payment a transfer may still pay was quoted to that account for them earlier (for exactly
 * the amount sent, if any quote was). Otherwise it
 * is only reported (someone could be posting another buyer's pending transfer): it pays nothing by
 * itself, and the watcher files the transfer in the inbox for support, as any unattributed one.
 */
export async function postedHashIsPayments(
  paymentId: string,
  settlement: { asset: string; destination: string },
  txHash: Hex,
): Promise<boolean> {
  const chain = getChain(chainIdOf(settlement.asset));
  if (!chain) return false;
  const sent = await chainClient(chain)
    .getTransaction({ hash: txHash })
    .catch((error: unknown) => {
      if (error instanceof TransactionNotFoundError) return null;
      throw error;
    });
  if (!sent) return false;
  // The first quotes to that account for that asset and destination: the buyer is quoted before
  // their wallet sends, so one quoted later (by whoever saw the transfer coming) never wins. A quote
  // of exactly the amount sent comes first (a buyer's older, abandoned payment at the same shop).
  const quotes = await db().paymentAttempt.findMany({
    where: {
      mode: "live",
      asset: { equals: settlement.asset, mode: "insensitive" },
      destination: { equals: settlement.destination, mode: "insensitive" },
      payer: { equals: `${chain.id}:${sent.from}`, mode: "insensitive" },
      payment: payableByTransfers(),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { paymentId: true, value: true },
    take: 50,
  });
  const amount = amountSent(settlement.asset, sent);
  const first = quotes.find((q) => amount !== null && q.value.toFixed() === amount.toString()) ?? quotes[0];
  return first?.paymentId === paymentId;
}

/**
 * The same for a Solana signature posted through the payment's link: it counts as this payment's
 * only when its transaction carries the payment's Solana Pay reference key for that option, which
 * nothing but this payment's transfer request names (the watcher credits it by the same key).
 * Any other signature is only reported. Read at `confirmed`: whether it is final is verification's
 * business (verifySolanaPayment, at `finalized`).
 */
export async function postedSignatureIsPayments(
  paymentId: string,
  settlement: { id: string; asset: string },
  signature: string,
): Promise<boolean> {
  const cluster = getSolanaCluster(chainIdOf(settlement.asset));
  if (!cluster) return false;
  const tx = await solanaTransaction(cluster, signature, "confirmed");
  return Boolean(tx) && transactionAccounts(tx!).includes(solanaPayReference(paymentId, settlement.id));
}

/** What a transaction sends: its value (the native coin) or its ERC-20 transfer's; null if neither. */
function amountSent(asset: string, tx: { input: Hex; value: bigint }): bigint | null {
  if (!asset.includes("/erc20:")) return tx.value;
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data: tx.input });
    return call.functionName === "transfer" ? call.args[1] : null;
  } catch {
    return null;
  }
}
