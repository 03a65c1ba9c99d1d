import "server-only";
import { sameAddress, transactionKey } from "@/lib/core/chain/transaction-key";
import { decodeEventLog, erc20Abi, getAddress, type Hash } from "viem";
import { configuredChains } from "@/lib/core/chain/chains";
import { configuredSolanaClusters } from "@/lib/core/chain/solana/clusters";
import { chainClient } from "@/lib/core/chain/client";
import { solanaTransactionTransfers } from "@/lib/core/chain/solana/transaction";
import { blockClockSlackMs } from "@/lib/core/chain/verify-transfer";
import { db, withAttempt } from "@/lib/core/db";
import type { Scope } from "@/lib/core/tenancy/scope";

// Support's "why didn't this transaction match?": given a transaction hash, find every transfer in it
// that reached one of this account's wallets (now or formerly a settlement destination) and say
// which payment it paid, or exactly why it paid none.

export type TransferFinding = {
  chainId: string;
  asset: string;
  from: string;
  to: string;
  value: string;
  /** The payment it paid, if any. */
  paidPaymentId?: string;
  /** Why it paid nothing: one sentence per candidate payment, or about the transfer itself. */
  reasons: { paymentId?: string; reason: string }[];
};

export type TransactionExplanation =
  | { kind: "not_found"; chains: string[] }
  | { kind: "no_transfer"; chainId: string; reason: string }
  | { kind: "transfers"; chainId: string; blockTime: string; transfers: TransferFinding[] };

/** A transfer the transaction made (on Solana one per transaction: logIndex 0). */
export type Seen = { asset: string; from: string; to: string; value: bigint; logIndex: number };

/** The network a transaction was found on: its CAIP-2 id and display name. */
export type Network = { id: string; name: string };

/**
 * Explains a transaction id: an EVM hash (0x and 64 hex digits, any case) is looked up on every
 * configured EVM chain, anything else as a Solana signature (base58, case kept) on every configured
 * Solana cluster.
 */
export async function explainTransaction(scope: Scope, txId: string): Promise<TransactionExplanation> {
  if (!/^0x[0-9a-fA-F]{64}$/.test(txId)) return explainSolanaTransaction(scope, txId);
  const txHash = txId.toLowerCase() as Hash;
  const chains = configuredChains();
  for (const chain of chains) {
    const client = chainClient(chain);
    const receipt = await client.getTransactionReceipt({ hash: txHash }).catch(() => null);
    if (!receipt) continue;
    if (receipt.status !== "success")
      return {
        kind: "no_transfer",
        chainId: chain.id,
        reason: `The transaction reverted on ${chain.name}: it moved nothing.`,
      };
    const [block, tx] = await Promise.all([
      client.getBlock({ blockNumber: receipt.blockNumber }),
      client.getTransaction({ hash: txHash }),
    ]);
    const blockTime = new Date(Number(block.timestamp) * 1000);
    const seen: Seen[] = receipt.logs.flatMap((log) => {
      try {
        const event = decodeEventLog({
          abi: erc20Abi,
          eventName: "Transfer",
          data: log.data,
          topics: log.topics,
        });
        return [
          {
            asset: `${chain.id}/erc20:${getAddress(log.address)}`,
            from: getAddress(event.args.from),
            to: getAddress(event.args.to),
            value: event.args.value,
            logIndex: log.logIndex,
          },
        ];
      } catch {
        return [];
      }
    });
    if (tx.to && tx.value > 0n)
      seen.push({
        asset: `${chain.id}/slip44:60`,
        from: getAddress(tx.from),
        to: getAddress(tx.to),
        value: tx.value,
        logIndex: -1,
      });
    const findings = await explainTransfers(scope, chain, txHash, blockTime, seen);
    if (findings.length === 0)
      return {
        kind: "no_transfer",
        chainId: chain.id,
        reason: noTransfer(chain),
      };
    return { kind: "transfers", chainId: chain.id, blockTime: blockTime.toISOString(), transfers: findings };
  }
  return { kind: "not_found", chains: [...chains, ...configuredSolanaClusters()].map((c) => c.id) };
}

/** A Solana signature, looked up on every configured cluster (the signature is unique across them). */
async function explainSolanaTransaction(scope: Scope, signature: string): Promise<TransactionExplanation> {
  const clusters = configuredSolanaClusters();
  for (const cluster of clusters) {
    const found = await solanaTransactionTransfers(cluster, signature).catch(() => null);
    if (!found) continue;
    if (found.kind === "failed") return { kind: "no_transfer", chainId: cluster.id, reason: found.reason };
    const findings = await explainTransfers(scope, cluster, signature, found.blockTime, found.seen);
    return findings.length
      ? {
          kind: "transfers",
          chainId: cluster.id,
          blockTime: found.blockTime.toISOString(),
          transfers: findings,
        }
      : { kind: "no_transfer", chainId: cluster.id, reason: noTransfer(cluster) };
  }
  return { kind: "not_found", chains: [...configuredChains(), ...clusters].map((c) => c.id) };
}

const noTransfer = (chain: Network) =>
  `The transaction moved no funds to any wallet of this account on ${chain.name}, now or before.`;

/** Every transfer `seen` in the transaction that reached one of this account's wallets, with what it paid or why it paid nothing. */
export async function explainTransfers(
  scope: Scope,
  chain: Network,
  txHash: string,
  blockTime: Date,
  seen: Seen[],
): Promise<TransferFinding[]> {
  const where = { accountId: scope.accountId, mode: scope.mode };
  const settlements = await db().cryptoSettlement.findMany({
    where,
    select: { id: true, asset: true, destination: true, merchantId: true },
  });
  // Former destinations: every change of a settlement's wallet is audit-logged with its old value.
  const changes = await db().auditLog.findMany({
    where: { ...where, action: "crypto_settlement.updated" },
    select: { targetId: true, data: true, createdAt: true },
  });
  const walletOf = (caip10: string) => caip10.split(":").pop()!;
  const findings: TransferFinding[] = [];

  for (const transfer of seen) {
    const current = settlements.filter(
      (s) =>
        sameAddress(chain.id, walletOf(s.destination), transfer.to) &&
        s.destination.startsWith(`${chain.id}:`),
    );
    const former = changes.filter((c) => {
      const from = (c.data as { from?: string }).from;
      return from?.startsWith(`${chain.id}:`) && sameAddress(chain.id, walletOf(from), transfer.to);
    });
    const elsewhere = settlements.filter(
      (s) =>
        sameAddress(chain.id, walletOf(s.destination), transfer.to) &&
        !s.destination.startsWith(`${chain.id}:`),
    );
    if (current.length === 0 && former.length === 0 && elsewhere.length === 0) continue;
    const finding: TransferFinding = {
      chainId: chain.id,
      asset: transfer.asset,
      from: transfer.from,
      to: transfer.to,
      value: transfer.value.toString(),
      reasons: [],
    };
    findings.push(finding);

    const claim = await db().chainTransfer.findFirst({
      where: { chainId: chain.id, txHash: transactionKey(chain.id, txHash), logIndex: transfer.logIndex },
    });
    if (claim?.paymentId) {
      if (claim.accountId === scope.accountId && claim.mode === scope.mode)
        finding.paidPaymentId = claim.paymentId;
      else finding.reasons.push({ reason: "This transfer already paid a payment elsewhere." });
      continue;
    }
    if (current.length === 0 && elsewhere.length > 0) {
      finding.reasons.push({
        reason: `Sent on ${chain.name}, but this wallet receives payments on ${elsewhere.map((s) => s.destination.split(":").slice(0, 2).join(":")).join(", ")}: wrong network.`,
      });
      continue;
    }
    if (current.length === 0) {
      const change = former.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;
      finding.reasons.push({
        reason: `Sent to a former destination: this wallet stopped receiving payments on ${change.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
      });
      continue;
    }
    const ofAsset = current.filter((s) => s.asset.toLowerCase() === transfer.asset.toLowerCase());
    if (ofAsset.length === 0) {
      finding.reasons.push({
        reason: `Wrong token: this wallet is paid in ${current.map((s) => s.asset).join(", ")}, not ${transfer.asset}.`,
      });
      continue;
    }
    const payments = await db().payment.findMany({
      where: {
        ...where,
        attempt: { settlementId: { in: ofAsset.map((s) => s.id) } },
        createdAt: { lte: new Date(blockTime.getTime() + 86_400_000) },
        expiresAt: { gte: new Date(blockTime.getTime() - 86_400_000) },
      },
      orderBy: { createdAt: "desc" },
      take: 20,
      include: withAttempt,
    });
    if (payments.length === 0)
      finding.reasons.push({
        reason: "No payment of this token to this wallet was open within a day of the transfer.",
      });
    for (const p of payments)
      finding.reasons.push({ paymentId: p.id, reason: whyNot(p, transfer, blockTime) });
  }
  return findings;
}

function whyNot(
  p: {
    status: string;
    createdAt: Date;
    expiresAt: Date;
    attempt: { value: { toFixed(): string } } | null;
    txId: string | null;
  },
  transfer: Seen,
  blockTime: Date,
): string {
  if (blockTime.getTime() < p.createdAt.getTime() - blockClockSlackMs)
    return "Sent before this payment was created.";
  if (blockTime > p.expiresAt) return "Sent after this payment expired.";
  const quoted = p.attempt ? BigInt(p.attempt.value.toFixed()) : null;
  const short =
    quoted !== null && transfer.value < quoted
      ? `Short: ${transfer.value} sent, ${quoted} quoted (smallest units).`
      : null;
  if (p.status === "succeeded")
    return short
      ? `${short} The payment was then paid by ${p.txId}.`
      : `This payment was already paid by ${p.txId}.`;
  if (p.status !== "requires_action" && p.status !== "processing")
    return [short, `This payment is ${p.status}.`].filter(Boolean).join(" ");
  if (short) return short;
  return "It could pay this payment: attach it on the payment's page to have it verified.";
}
