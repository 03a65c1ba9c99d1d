import "server-only";
import { db } from "@/lib/core/db";
import { backgroundFailureLevel } from "@/lib/core/log/background-failure";
import { logger } from "@/lib/core/log/logger";
import { verifyPaymentTransaction } from "@/lib/domain/payments/verify-payment";
import { verifyRefundTransaction } from "@/lib/domain/refunds/verify-refund";

/**
 * Re-checks every live payment whose transfer is confirming: it succeeds once the chain has enough
 * confirmations on top of it, and only if the transfer is still there (a reorged-out transaction
 * never succeeds).
 */
export async function advanceLivePayments(): Promise<number> {
  const confirming = await db().chainTransfer.findMany({
    where: { mode: "live", payment: { status: "processing" } },
    select: { paymentId: true, txHash: true },
    take: 200,
  });
  return recheck(
    confirming.map((t) => ({ id: t.paymentId, txHash: t.txHash })),
    async (id, txHash) => (await verifyPaymentTransaction(id, txHash, "watcher")).status === "succeeded",
  );
}

/** The same for live refunds whose return transfer was seen but was not yet deep enough. */
export async function advanceLiveRefunds(): Promise<number> {
  const confirming = await db().chainTransfer.findMany({
    where: { mode: "live", refund: { status: "pending" } },
    select: { refundId: true, txHash: true },
    take: 200,
  });
  return recheck(
    confirming.map((t) => ({ id: t.refundId, txHash: t.txHash })),
    async (id, txHash) => (await verifyRefundTransaction(id, txHash)).refund.status === "succeeded",
  );
}

/** Verifies each claimed transfer again; one that fails to check is logged and left for the next round. */
async function recheck(
  transfers: { id: string | null; txHash: string }[],
  verify: (id: string, txHash: string) => Promise<boolean>,
): Promise<number> {
  let succeeded = 0;
  for (const { id, txHash } of transfers) {
    if (!id) continue;
    const done = await verify(id, txHash).catch((error: unknown) => {
      // Debug when another instance's watcher finished it first.
      logger[backgroundFailureLevel(error)]({ err: error, id }, `Chain: could not re-check ${id}.`);
      return false;
    });
    if (done) succeeded++;
  }
  return succeeded;
}
