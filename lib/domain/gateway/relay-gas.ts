import "server-only";
import type { Hex, TransactionReceipt } from "viem";
import { getChain, type Chain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import { db } from "@/lib/core/db";

/** Records what a relayed transaction cost (the receipt's gasUsed, and × effectiveGasPrice in wei) on its submission and payment, once. */
export async function recordRelayGas(
  submissionId: string,
  receipt: Pick<TransactionReceipt, "gasUsed" | "effectiveGasPrice">,
): Promise<void> {
  await db().$transaction(async (tx) => {
    const { count } = await tx.relayerSubmission.updateMany({
      where: { id: submissionId, gasUsed: null },
      data: {
        gasUsed: Number(receipt.gasUsed),
        gasCostWei: (receipt.gasUsed * receipt.effectiveGasPrice).toString(),
      },
    });
    if (count === 0) return;
    const { paymentId } = await tx.relayerSubmission.findUniqueOrThrow({
      where: { id: submissionId },
      select: { paymentId: true },
    });
    const sum = await tx.relayerSubmission.aggregate({
      where: { paymentId, gasUsed: { not: null } },
      _sum: { gasUsed: true, gasCostWei: true },
    });
    await tx.payment.update({
      where: { id: paymentId },
      data: { relayGasUsed: sum._sum.gasUsed, relayGasCostWei: sum._sum.gasCostWei },
    });
  });
}

/** Records the gas of a relay if its receipt is there yet (at once on a chain that mines at once; the sweep below otherwise); says whether it was. */
export async function recordRelayGasIfMined(
  chain: Chain,
  submissionId: string,
  txHash: Hex,
): Promise<boolean> {
  const receipt = await chainClient(chain)
    .getTransactionReceipt({ hash: txHash })
    .catch(() => null);
  if (receipt) await recordRelayGas(submissionId, receipt);
  return receipt !== null;
}

/** Reads the receipts of sent relays whose gas is not recorded yet; returns how many it recorded. */
export async function recordMissingRelayGas(limit = 50): Promise<number> {
  const sent = await db().relayerSubmission.findMany({
    where: { status: "submitted", txHash: { not: null }, gasUsed: null },
    orderBy: { createdAt: "asc" },
    take: limit,
    select: { id: true, chainId: true, txHash: true },
  });
  let recorded = 0;
  for (const submission of sent) {
    const chain = getChain(submission.chainId);
    if (chain && (await recordRelayGasIfMined(chain, submission.id, submission.txHash as Hex))) recorded++;
  }
  return recorded;
}
