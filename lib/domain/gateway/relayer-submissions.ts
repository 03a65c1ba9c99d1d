import "server-only";
import { db, withAttempt, type DbOrTx, type Payment, type Prisma } from "@/lib/core/db";
import { env } from "@/lib/core/config/env";
import { recordPaymentEvent } from "@/lib/domain/payments/record-event";

// The relayer's submission rows, the same on every chain family: claimed by one instance to send,
// taken up again by recovery when their instance went quiet, and noted on the payment's timeline.

// A claim older than this belongs to an instance that died mid-send: a running relay renews its
// claim (and its lease) every `renewMs`, however slow the RPC, so it is never taken for dead.
export const staleClaimMs = env.RELAYER_STALE_CLAIM_MS;

/**
 * Claims a pending submission for this instance (unclaimed, or claimed by one that went quiet) and
 * reads it with the attempt it sends; undefined when another instance holds it or it is no longer pending.
 */
export async function claimSubmission(submissionId: string) {
  const claimed = await db().relayerSubmission.updateMany({
    where: {
      id: submissionId,
      status: "pending",
      OR: [{ claimedAt: null }, { claimedAt: { lt: new Date(Date.now() - staleClaimMs) } }],
    },
    data: { claimedAt: new Date() },
  });
  if (claimed.count === 0) return undefined;
  const submission = await db().relayerSubmission.findUniqueOrThrow({ where: { id: submissionId } });
  const option = await db().paymentAttempt.findUniqueOrThrow({ where: { id: submission.optionId } });
  return { submission, option };
}

/** Pending submissions whose claim went stale (or that were never claimed in that time), oldest first. */
export function staleSubmissions(limit: number, where: Prisma.RelayerSubmissionWhereInput = {}) {
  return db().relayerSubmission.findMany({
    where: {
      ...where,
      status: "pending",
      OR: [
        { claimedAt: { lt: new Date(Date.now() - staleClaimMs) } },
        { claimedAt: null, createdAt: { lt: new Date(Date.now() - staleClaimMs) } },
      ],
    },
    orderBy: { createdAt: "asc" },
    take: limit,
  });
}

/** Records a relayer step (`payment.transaction_submitted`, a resend, a release) on the payment's timeline; answers the payment as recorded. */
export async function recordRelayerEvent(
  tx: DbOrTx,
  paymentId: string,
  type: string,
  data: Prisma.InputJsonValue,
): Promise<Payment> {
  const payment = await tx.payment.findUniqueOrThrow({ where: { id: paymentId }, include: withAttempt });
  return recordPaymentEvent(tx, payment, { type, actor: "relayer", data });
}
