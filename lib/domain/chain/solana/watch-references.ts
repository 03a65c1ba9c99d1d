import "server-only";
import { address } from "@solana/kit";
import { solanaRpc, type SolanaCluster } from "@/lib/core/chain/solana/clusters";
import { shortReason } from "@/lib/core/errors/chain-errors";
import { db } from "@/lib/core/db";
import { logger } from "@/lib/core/log/logger";
import { paidLateHorizonMs } from "@/lib/domain/payments/attribution";
import { solanaPayReference } from "./solana-pay";
import { verifySolanaPayment } from "./verify-payment";

/** The most transactions read per reference key and pass (a payment is paid by one; more are mistakes or noise). */
const signaturesPerReference = 20;

/**
 * The Solana side of the chain watch: for each live payment a transfer may still pay on the
 * cluster (open on a Solana option the buyer opened at the checkout, or lately expired), the
 * finalized transactions carrying its Solana Pay reference key (getSignaturesForAddress), oldest
 * first, each verified by verifySolanaPayment. The reference key was derived for that payment
 * alone, so a transfer carrying it is attributed exactly; one already claimed, or already noted
 * on the payment's timeline as not paying it, is not read again. Returns how many it verified.
 */
export async function watchSolanaReferences(cluster: SolanaCluster): Promise<number> {
  const payments = await db().payment.findMany({
    where: {
      mode: "live",
      attempt: { asset: { startsWith: `${cluster.id}/` }, settlementId: { not: null }, method: "transfer" },
      OR: [
        { status: "requires_action" },
        { status: "expired", expiresAt: { gt: new Date(Date.now() - paidLateHorizonMs) } },
      ],
    },
    select: { id: true, attempt: { select: { settlementId: true } } },
    orderBy: { createdAt: "asc" },
  });
  const rpc = solanaRpc(cluster);
  let verified = 0;
  for (const payment of payments) {
    const reference = solanaPayReference(payment.id, payment.attempt!.settlementId!);
    try {
      const found = await rpc
        .getSignaturesForAddress(address(reference), {
          commitment: "finalized",
          limit: signaturesPerReference,
        })
        .send();
      const landed = found.filter((s) => !s.err).map((s) => String(s.signature));
      if (!landed.length) continue;
      const known = await handled(payment.id, cluster.id, landed);
      for (const signature of landed.reverse()) {
        if (known.has(signature)) continue;
        await verifySolanaPayment(payment.id, signature, "watcher", 0);
        verified++;
      }
    } catch (error) {
      // One payment that cannot be read now (an RPC hiccup, a concurrent change) is read again next pass.
      logger.warn(
        { chainId: cluster.id, paymentId: payment.id, reason: shortReason(error) },
        "Chain watch: could not read a Solana payment's reference key.",
      );
    }
  }
  return verified;
}

/** The signatures already claimed by any payment, or already noted as not paying this one. */
async function handled(paymentId: string, chainId: string, signatures: string[]): Promise<Set<string>> {
  const [claimed, rejected] = await Promise.all([
    db().chainTransfer.findMany({
      where: { chainId, txHash: { in: signatures } },
      select: { txHash: true },
    }),
    db().paymentEvent.findMany({
      where: { paymentId, type: "payment.transfer_rejected" },
      select: { data: true },
    }),
  ]);
  return new Set([
    ...claimed.map((c) => c.txHash),
    ...rejected.map((r) => String((r.data as { txHash?: unknown }).txHash)),
  ]);
}
