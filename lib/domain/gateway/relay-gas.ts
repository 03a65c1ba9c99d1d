import "server-only";
import type { Hex, TransactionReceipt } from "viem";
import { getChain, type Chain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import { db, type DbOrTx } from "@/lib/core/db";
import { recordRelayGasTotals } from "@/lib/domain/payments/payment-writes";

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
    await recordPaymentGas(tx, paymentId);
  });
}

/** Sums the gas the relayer spent on a payment, its relays' and its deposit address's sweeps', onto the payment. */
export async function recordPaymentGas(tx: DbOrTx, paymentId: string): Promise<void> {
  const [relays, sweeps] = await Promise.all([
    tx.relayerSubmission.aggregate({
      where: { paymentId, gasUsed: { not: null } },
      _sum: { gasUsed: true, gasCostWei: true },
    }),
    tx.depositSweep.aggregate({
      where: { paymentId, gasUsed: { not: null } },
      _sum: { gasUsed: true, gasCostWei: true },
    }),
  ]);
  const gasUsed = (relays._sum.gasUsed ?? 0) + (sweeps._sum.gasUsed ?? 0);
  const cost = [relays._sum.gasCostWei, sweeps._sum.gasCostWei].filter((c) => c !== null);
  await recordRelayGasTotals(tx, paymentId, {
    gasUsed: gasUsed || null,
    gasCostWei: cost.length ? cost.reduce((a, b) => a!.add(b!))! : null,
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
