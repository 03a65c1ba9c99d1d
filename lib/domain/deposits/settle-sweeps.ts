import "server-only";
import type { Hex, TransactionReceipt } from "viem";
import type { Chain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import { db, type DepositAddress, type DepositSweep } from "@/lib/core/db";
import { backgroundFailureLevel } from "@/lib/core/log/background-failure";
import { logger } from "@/lib/core/log/logger";
import { recordPaymentGas } from "@/lib/domain/gateway/relay-gas";
import { recordPaymentException } from "@/lib/domain/payments/exceptions";
import { loadPayment } from "@/lib/domain/payments/payment-writes";
import { recordPaymentEvent, retryOnConflict } from "@/lib/domain/payments/record-event";
import { verifyPaymentTransaction } from "@/lib/domain/payments/verify-payment";

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Sweeps sent but not yet seen mined (a chain that does not mine at once): settled when their receipt is there. */
export async function settleSentSweeps(chain: Chain): Promise<void> {
  const sent = await db().depositSweep.findMany({
    where: { chainId: chain.id, status: "sent" },
    select: { txHash: true },
    distinct: ["txHash"],
    take: 20,
  });
  for (const { txHash } of sent) await settleSweepTransaction(chain, txHash!);
}

/**
 * A mined sweep transaction, which may have emptied many deposit addresses: its gas is shared
 * evenly by the sweeps it made (the first takes the remainder, so they add up to the receipt), each
 * on its payment and (through them) its account, as a relay's; then what each moved pays its
 * payment through verification, or, in another token, is its `wrong_asset` exception. A sweep that
 * reverted leaves the assets for the next round.
 */
export async function settleSweepTransaction(chain: Chain, txHash: string): Promise<void> {
  const receipt = await chainClient(chain)
    .getTransactionReceipt({ hash: txHash as Hex })
    .catch(() => null);
  if (!receipt) return;
  const sweeps = await db().depositSweep.findMany({
    where: { txHash },
    orderBy: { id: "asc" },
    include: { depositAddress: true },
  });
  const count = BigInt(sweeps.length);
  for (const [i, sweep] of sweeps.entries()) {
    if (sweep.status !== "sent") continue;
    const gasUsed = receipt.gasUsed / count + (i === 0 ? receipt.gasUsed % count : 0n);
    // One payment that cannot be moved now (another instance moved it) must not hold the others up.
    await settleSweep(sweep, sweep.depositAddress, receipt, gasUsed).catch((error: unknown) =>
      logger[backgroundFailureLevel(error)](
        { err: error, paymentId: sweep.paymentId, txHash },
        "Deposit sweep: could not settle a mined sweep; the next round tries again.",
      ),
    );
  }
}

async function settleSweep(
  sweep: DepositSweep,
  deposit: DepositAddress,
  receipt: TransactionReceipt,
  gasUsed: bigint,
): Promise<void> {
  const ok = receipt.status === "success";
  const settled = await db().$transaction(async (tx) => {
    const { count } = await tx.depositSweep.updateMany({
      where: { id: sweep.id, status: "sent" },
      data: {
        status: ok ? "swept" : "failed",
        gasUsed: Number(gasUsed),
        gasCostWei: (gasUsed * receipt.effectiveGasPrice).toString(),
      },
    });
    if (!count) return false;
    if (ok)
      await tx.depositAddress.updateMany({
        where: { id: deposit.id, deployedAt: null },
        data: { deployedAt: new Date() },
      });
    else
      await tx.depositAddress.update({
        where: { id: deposit.id },
        data: { pendingAssets: { push: sweep.asset } },
      });
    await recordPaymentGas(tx, sweep.paymentId);
    await recordPaymentEvent(tx, await loadPayment(tx, sweep.paymentId), {
      type: ok ? "payment.deposit_swept" : "payment.deposit_sweep_failed",
      actor: "relayer",
      data: {
        txHash: sweep.txHash,
        asset: sweep.asset,
        value: sweep.value.toFixed(),
        gasUsed: gasUsed.toString(),
        address: deposit.address,
      },
    });
    return true;
  });
  if (!settled || !ok) return;
  const payment = await loadPayment(db(), sweep.paymentId);
  if (payment.attempt && same(payment.attempt.asset, sweep.asset)) {
    // The watcher may be moving the payment at the same moment: its change wins, then this one reads it.
    await retryOnConflict(() => verifyPaymentTransaction(payment.id, sweep.txHash!, "relayer"));
    return;
  }
  await db().$transaction(async (tx) => {
    const current = await loadPayment(tx, payment.id);
    await recordPaymentException(
      tx,
      current,
      {
        type: current.status === "expired" && !current.attempt ? "paid_late" : "wrong_asset",
        asset: sweep.asset,
        expected: null,
        received: BigInt(sweep.value.toFixed()),
        txHash: sweep.txHash,
      },
      "relayer",
    );
  });
}

/** Whether a transaction is one of the relayer's sweeps of deposit addresses. */
export async function isDepositSweep(txHash: string): Promise<boolean> {
  return (await db().depositSweep.count({ where: { txHash: txHash.toLowerCase() } })) > 0;
}
