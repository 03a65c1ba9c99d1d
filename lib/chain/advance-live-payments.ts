import "server-only";
import { db } from "@/lib/db";
import { verifyPaymentTransaction } from "@/lib/payments/verify-payment";

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
  let succeeded = 0;
  for (const { paymentId, txHash } of confirming) {
    if (!paymentId) continue;
    const payment = await verifyPaymentTransaction(paymentId, txHash, "watcher").catch((error) => {
      console.error(`[chain] could not re-check ${paymentId}`, error);
      return null;
    });
    if (payment?.status === "succeeded") succeeded++;
  }
  return succeeded;
}
