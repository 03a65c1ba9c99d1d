import "server-only";
import { claimOf } from "@/lib/core/chain/transaction-key";
import { blockClockSlackMs } from "@/lib/core/chain/verify-transfer";
import { db, type UnmatchedTransfer } from "@/lib/core/db";
import { actorNames } from "@/lib/domain/overview/get-payment-detail";
import { tenant, type Scope } from "@/lib/core/tenancy/scope";

type Candidate = { id: string; referenceId: string; status: string };
/** `likely`: support's guess, never acted on by itself: the one open payment asking for exactly this amount of this token at this wallet. */
export type UnmatchedTransferRow = UnmatchedTransfer & {
  candidates: Candidate[];
  likely: Candidate | null;
  resolvedByName: string | null;
};

/**
 * The inbox: transfers still unmatched, newest first, each with the payments it most likely
 * belongs to (open or expired payments of the merchants paid at that wallet, created before it, with
 * the same leeway for block clocks as verification) and, when exactly one open payment asks for this
 * very amount there, that one as the likely payment for support to confirm.
 * A transfer a payment claimed by another path (checkout, the payment page) is left out even if the
 * claim and the inbox row raced.
 */
export async function listUnmatchedTransfers(
  scope: Scope,
  status: "open" | "attached" | "dismissed" = "open",
  take = 100,
): Promise<UnmatchedTransferRow[]> {
  const rows = await db().unmatchedTransfer.findMany({
    where: { ...tenant(scope), status },
    orderBy: [{ blockTime: "desc" }, { id: "desc" }],
    take,
  });
  const claimed =
    status === "open" && rows.length
      ? await db().chainTransfer.findMany({
          where: { OR: rows.map(claimOf) },
          select: { chainId: true, txHash: true, logIndex: true },
        })
      : [];
  const open = rows.filter((r) => {
    const claim = claimOf(r);
    return !claimed.some(
      (c) =>
        c.chainId === claim.chainId &&
        c.txHash === claim.txHash &&
        (!("logIndex" in claim) || c.logIndex === claim.logIndex),
    );
  });
  const names = await actorNames(
    scope,
    open.flatMap((r) => (r.resolvedBy ? [r.resolvedBy] : [])),
  );
  return Promise.all(
    open.map(async (r) => {
      const candidates = status === "open" ? await candidatePayments(scope, r) : [];
      const exact = candidates.filter(
        (c) =>
          c.status === "requires_action" &&
          c.attempt?.asset === r.asset &&
          c.attempt.value.equals(r.value) &&
          c.attempt.destination.toLowerCase() === `${r.chainId}:${r.toAddress}`.toLowerCase(),
      );
      const likely = exact.length === 1 ? exact[0]! : null;
      return {
        ...r,
        candidates: candidates.map(brief),
        likely: likely && brief(likely),
        resolvedByName: r.resolvedBy ? (names.get(r.resolvedBy) ?? r.resolvedBy) : null,
      };
    }),
  );
}

const brief = (c: Candidate): Candidate => ({ id: c.id, referenceId: c.referenceId, status: c.status });

async function candidatePayments(scope: Scope, transfer: UnmatchedTransfer) {
  const settlements = await db().cryptoSettlement.findMany({
    where: {
      ...tenant(scope),
      asset: transfer.asset,
      destination: { equals: `${transfer.chainId}:${transfer.toAddress}`, mode: "insensitive" },
    },
    select: { merchantId: true },
  });
  if (!settlements.length) return [];
  return db().payment.findMany({
    where: {
      ...tenant(scope),
      merchantId: { in: settlements.map((s) => s.merchantId) },
      status: { in: ["requires_action", "expired"] },
      createdAt: { lte: new Date(transfer.blockTime.getTime() + blockClockSlackMs) },
    },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      referenceId: true,
      status: true,
      attempt: { select: { asset: true, destination: true, value: true } },
    },
    take: 10,
  });
}
