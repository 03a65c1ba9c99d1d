import "server-only";
import { address, signature as toSignature, type Signature } from "@solana/kit";
import { solanaRpc, type SolanaCluster } from "@/lib/core/chain/solana/clusters";
import {
  balanceChanges,
  finalizedTransaction,
  nativeSol,
  senderOf,
  transactionAccounts,
  type FinalizedTransaction,
} from "@/lib/core/chain/solana/transaction";
import { db, withAttempt } from "@/lib/core/db";
import { shortReason } from "@/lib/core/errors/chain-errors";
import { logger } from "@/lib/core/log/logger";
import { knownAssets } from "@/lib/core/money/assets";
import { paidLateHorizonMs, payableByTransfers } from "@/lib/domain/payments/attribution";
import { refundRoute, verifyRefundTransaction } from "@/lib/domain/refunds/verify-refund";
import { recordUnmatchedTransfer } from "@/lib/domain/unmatched-transfers/record-unmatched-transfer";
import { associatedTokenAccount } from "./payment-transaction";
import { solanaPayReference } from "@/lib/core/chain/solana/solana-pay-reference";
import { verifySolanaPayment } from "@/lib/domain/payments/verify-solana-payment";

/** Solana's most signatures per getSignaturesForAddress call. */
const pageSize = 1000;
/** An account read for the first time (no cursor yet): how far back its transfers are filed in the inbox. */
const firstReadLookbackMs = 60 * 60 * 1000;

/**
 * One account the watch reads: a merchant's token account of a mint (or its wallet, for SOL).
 * `accountIds` are the Tollgate accounts whose inbox money arriving there and paying nothing goes to.
 */
type Watched = { account: string; wallet: string; asset: string; accountIds: Set<string> };
type PendingRefund = { id: string; asset: string; from: string; to: string };

/**
 * The Solana side of the chain watch, one getSignaturesForAddress per watched account and pass:
 * the merchants' live Solana destinations (the token account of each settlement's mint, the wallet
 * for SOL), plus, while a Solana Pay payment is open at a wallet, that wallet's token accounts of
 * the cluster's other known mints (so a wrong token is seen). Each account's stored cursor
 * (SolanaCursor, passed as `until`) makes each finalized signature come back once; each new one is
 * read once with getTransaction at `finalized`, then:
 * - one carrying an open (or lately closed) payment's Solana Pay reference key is that payment's,
 *   verified exactly (verifySolanaPayment: paid, underpaid, overpaid, late or wrong mint);
 * - one from the merchant's wallet to the buyer of a pending refund is offered to that refund;
 * - anything else that reached the merchant, or a referenced transfer its payment refused, goes to
 *   the unmatched inbox, where support may attach it (never an automatic success).
 * Transactions Tollgate's relayer sent (the Gateway's) are the relay's to verify and are skipped.
 * Returns how many transfers paid a payment or a refund.
 */
export async function watchSolanaDestinations(cluster: SolanaCluster): Promise<number> {
  const [references, refunds] = await Promise.all([openReferences(cluster), pendingRefunds(cluster)]);
  let settled = 0;
  for (const watched of await watchedAccounts(cluster, refunds)) {
    settled += await readAccount(cluster, watched, references, refunds).catch((error: unknown) => {
      // One account that cannot be read now (an RPC hiccup) is read again next pass, from its cursor.
      logger.warn(
        { chainId: cluster.id, account: watched.account, reason: shortReason(error) },
        "Chain watch: could not read a Solana account.",
      );
      return 0;
    });
  }
  return settled;
}

/** Reads an account's signatures since its cursor, oldest first, and moves the cursor past each one handled. */
async function readAccount(
  cluster: SolanaCluster,
  watched: Watched,
  references: Map<string, string>,
  refunds: PendingRefund[],
): Promise<number> {
  const where = { chainId_account: { chainId: cluster.id, account: watched.account } };
  const cursor = (await db().solanaCursor.findUnique({ where }))?.signature;
  const fresh = (await newSignatures(cluster, watched.account, cursor)).reverse();
  const notBefore = cursor ? 0 : Date.now() - firstReadLookbackMs;
  let last = cursor;
  let settled = 0;
  try {
    for (const found of fresh) {
      if (!found.err && Number(found.blockTime ?? 0) * 1000 >= notBefore)
        if (await settleSignature(cluster, watched, String(found.signature), references, refunds)) settled++;
      last = String(found.signature);
    }
  } finally {
    if (last && last !== cursor)
      await db().solanaCursor.upsert({
        where,
        create: { chainId: cluster.id, account: watched.account, signature: last },
        update: { signature: last },
      });
  }
  return settled;
}

/** The finalized signatures naming `account` after `until`, newest first (all of them: paged when there are more than a call returns). */
async function newSignatures(cluster: SolanaCluster, account: string, until: string | undefined) {
  const rpc = solanaRpc(cluster);
  const found = [];
  let before: Signature | undefined;
  for (;;) {
    const page = await rpc
      .getSignaturesForAddress(address(account), {
        commitment: "finalized",
        limit: pageSize,
        ...(until ? { until: toSignature(until) } : {}),
        ...(before ? { before } : {}),
      })
      .send();
    found.push(...page);
    // With no cursor yet, only the newest page: older history is not the watch's business.
    if (page.length < pageSize || !until) return found;
    before = page[page.length - 1]!.signature;
  }
}

/** Settles one new signature at a watched account; true when it paid a payment or a refund. */
async function settleSignature(
  cluster: SolanaCluster,
  watched: Watched,
  signature: string,
  references: Map<string, string>,
  refunds: PendingRefund[],
): Promise<boolean> {
  const [claimed, relayed] = await Promise.all([
    db().chainTransfer.count({ where: { chainId: cluster.id, txHash: signature } }),
    db().relayerSubmission.count({ where: { txHash: signature } }),
  ]);
  if (claimed || relayed) return false;
  const tx = await finalizedTransaction(cluster, signature);
  // Listed as finalized, so readable: if not yet, the cursor stays before it and it is read next pass.
  if (!tx) throw new Error(`${signature} is listed but not readable yet`);
  const paymentId = tx.transaction.message.accountKeys
    .map((key) => references.get(String(key)))
    .find(Boolean);
  if (paymentId) {
    await verifySolanaPayment(paymentId, signature, "watcher", 0, tx);
    if (await db().chainTransfer.count({ where: { chainId: cluster.id, txHash: signature, paymentId } }))
      return true;
  }
  if (await settleRefund(refunds, watched, signature, tx)) return true;
  const changes = balanceChanges(tx);
  const assetKey = watched.asset.split("/")[1]!;
  const received = changes.get(assetKey)?.get(watched.wallet) ?? 0n;
  if (received > 0n && watched.accountIds.size)
    await recordUnmatchedTransfer(
      cluster,
      {
        asset: watched.asset,
        from: senderOf(tx, changes, assetKey),
        to: watched.wallet,
        value: received,
        txHash: signature,
        // One row per account and transaction, however many of its instructions paid that account.
        logIndex: accountIndex(tx, watched.account),
        blockNumber: BigInt(tx.slot),
        blockTime: new Date(Number(tx.blockTime ?? 0) * 1000),
      },
      [...watched.accountIds],
      paymentId,
    );
  return false;
}

/** Offers a transaction from the merchant's wallet to the buyers of its pending refunds, oldest first. */
async function settleRefund(
  pending: PendingRefund[],
  watched: Watched,
  signature: string,
  tx: FinalizedTransaction,
): Promise<boolean> {
  const moved = balanceChanges(tx).get(watched.asset.split("/")[1]!);
  const candidates = pending.filter(
    (r) => r.asset === watched.asset && r.from === watched.wallet && (moved?.get(r.to) ?? 0n) > 0n,
  );
  for (const candidate of candidates) {
    const { result } = await verifyRefundTransaction(candidate.id, signature, tx);
    if (result === "confirmed") {
      pending.splice(pending.indexOf(candidate), 1);
      return true;
    }
  }
  return false;
}

/**
 * The reference key of every live Solana Pay payment on the cluster a transfer may still pay
 * (open, or lately expired), or that closed lately (a second transfer for it is refused by it,
 * and support sees which payment it was meant for), to its payment id.
 */
async function openReferences(cluster: SolanaCluster): Promise<Map<string, string>> {
  const lately = new Date(Date.now() - paidLateHorizonMs);
  const payments = await db().payment.findMany({
    where: {
      mode: "live",
      attempt: { asset: { startsWith: `${cluster.id}/` }, settlementId: { not: null }, method: "transfer" },
      OR: [...(payableByTransfers().OR ?? []), { updatedAt: { gt: lately } }],
    },
    select: { id: true, attempt: { select: { settlementId: true } } },
  });
  return new Map(payments.map((p) => [solanaPayReference(p.id, p.attempt!.settlementId!), p.id]));
}

async function pendingRefunds(cluster: SolanaCluster): Promise<PendingRefund[]> {
  const rows = await db().refund.findMany({
    where: {
      mode: "live",
      status: "pending",
      payment: { attempt: { asset: { startsWith: `${cluster.id}/` } }, payerAddress: { not: null } },
    },
    include: { payment: { include: withAttempt } },
    orderBy: { createdAt: "asc" },
  });
  return rows.flatMap((r) => {
    const route = refundRoute(r.payment);
    return route ? [{ id: r.id, ...route }] : [];
  });
}

/**
 * Every account the watch reads on the cluster: the live settlements' destinations, the open
 * payments' (a settlement removed since still has its payments watched), the wallets pending
 * refunds leave from, and, at a wallet with an open Solana Pay payment, the cluster's other known mints.
 */
async function watchedAccounts(cluster: SolanaCluster, refunds: PendingRefund[]): Promise<Watched[]> {
  const onCluster = { startsWith: `${cluster.id}/` };
  const [settlements, open] = await Promise.all([
    db().cryptoSettlement.findMany({
      where: { mode: "live", asset: onCluster, merchant: { deletedAt: null } },
      select: { asset: true, destination: true, accountId: true },
      distinct: ["asset", "destination", "accountId"],
    }),
    db().payment.findMany({
      where: { ...payableByTransfers(), attempt: { asset: onCluster } },
      select: { accountId: true, attempt: { select: { asset: true, destination: true, method: true } } },
    }),
  ]);
  const wanted = [
    ...settlements.map((s) => ({ asset: s.asset, wallet: wallet(s.destination), accountId: s.accountId })),
    ...open.map((p) => ({
      asset: p.attempt!.asset,
      wallet: wallet(p.attempt!.destination),
      accountId: p.accountId,
    })),
    ...refunds.map((r) => ({ asset: r.asset, wallet: r.from, accountId: null })),
    ...open
      .filter((p) => p.attempt!.method === "transfer")
      .flatMap((p) =>
        knownAssets
          .filter((a) => a.id.startsWith(`${cluster.id}/token:`))
          .map((a) => ({ asset: a.id, wallet: wallet(p.attempt!.destination), accountId: p.accountId })),
      ),
  ];
  const byAccount = new Map<string, Watched>();
  for (const { asset, wallet, accountId } of wanted) {
    const key = `${asset} ${wallet}`;
    const watched = byAccount.get(key) ?? {
      account: "",
      wallet,
      asset,
      accountIds: new Set<string>(),
    };
    if (accountId) watched.accountIds.add(accountId);
    byAccount.set(key, watched);
  }
  for (const watched of byAccount.values()) {
    const asset = watched.asset.split("/")[1]!;
    watched.account =
      asset === nativeSol
        ? watched.wallet
        : await associatedTokenAccount(watched.wallet, asset.slice("token:".length));
  }
  return [...byAccount.values()];
}

const wallet = (caip10: string) => caip10.split(":").pop()!;

/**
 * Where an account sits among a transaction's accounts: fixed for the transaction and distinct per
 * account, so the watched account's receipt in it has its own inbox row, filed once however often
 * the transaction is read. Listed by getSignaturesForAddress for this account, it is among them;
 * were it not, the receipt is still filed (as -1) rather than holding the account's later
 * transactions up.
 */
const accountIndex = (tx: FinalizedTransaction, account: string) => transactionAccounts(tx).indexOf(account);
