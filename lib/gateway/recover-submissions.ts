import "server-only";
import type { Hex } from "viem";
import { getChain } from "@/lib/chain/chains";
import { chainClient } from "@/lib/chain/client";
import { db } from "@/lib/db";
import { shortReason } from "@/lib/errors/chain-errors";
import { logger } from "@/lib/log/logger";
import { recordPaymentEvent } from "@/lib/payments/record-event";
import { verifyPaymentTransaction } from "@/lib/payments/verify-payment";
import { eip3009Abi } from "./eip3009";
import { optionAuthorization } from "./options";
import { relaySubmission, staleClaimMs } from "./relay";

/**
 * Finishes relayed submissions an instance left half-done (it died after claiming, perhaps after
 * broadcasting): if the token shows the authorization used, the transaction that used it is found
 * from the token's AuthorizationUsed log and verified like any other; if not, the submission is sent
 * again, which relaySubmission's stale-claim rule allows to exactly one instance. Returns how many
 * it took up.
 */
export async function recoverStaleSubmissions(limit = 20): Promise<number> {
  const stale = await db().relayerSubmission.findMany({
    where: { status: "pending", OR: [{ claimedAt: { lt: new Date(Date.now() - staleClaimMs) } }, { claimedAt: null, createdAt: { lt: new Date(Date.now() - staleClaimMs) } }] },
    orderBy: { createdAt: "asc" },
    take: limit,
  });
  for (const submission of stale) {
    const chain = getChain(submission.chainId);
    const option = await db().gatewayOption.findUnique({ where: { id: submission.optionId } });
    if (!chain || !option?.result) continue;
    const auth = optionAuthorization(option);
    const token = option.asset.split(":").pop() as Hex;
    const client = chainClient(chain);
    const used = await client.readContract({ address: token, abi: eip3009Abi, functionName: "authorizationState", args: [auth.from, auth.nonce] });
    if (!used) {
      await relaySubmission(submission.id).catch((error: unknown) => logger.warn({ submissionId: submission.id, reason: shortReason(error) }, "Relayer: resending a submission failed."));
      continue;
    }
    const [log] = await client.getContractEvents({ address: token, abi: eip3009Abi, eventName: "AuthorizationUsed", args: { authorizer: auth.from, nonce: auth.nonce }, fromBlock: 0n });
    if (!log) continue;
    const txHash = log.transactionHash;
    const { count } = await db().relayerSubmission.updateMany({ where: { id: submission.id, status: "pending" }, data: { status: "submitted", txHash } });
    if (count === 0) continue;
    await db().$transaction(async (tx) => {
      const payment = await tx.payment.findUniqueOrThrow({ where: { id: submission.paymentId } });
      await recordPaymentEvent(tx, payment, { type: "payment.transaction_submitted", actor: "relayer", data: { txHash, settlementId: option.settlementId, relayed: true, recovered: true } });
    });
    await verifyPaymentTransaction(submission.paymentId, txHash, "relayer");
  }
  return stale.length;
}
