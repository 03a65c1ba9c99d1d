import "server-only";
import { erc20Abi, type Address, type Hex } from "viem";
import { assetInfo, type AssetInfo } from "@/lib/core/chain/asset-info";
import { chainIdOf, type Chain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import { depositFactoryEnv } from "@/lib/core/config/env";
import { db, type DepositAddress, type DepositSweep, type Payment } from "@/lib/core/db";
import { shortReason } from "@/lib/core/errors/chain-errors";
import { newId } from "@/lib/core/ids/ids";
import { logger } from "@/lib/core/log/logger";
import { relayerAccount } from "@/lib/domain/gateway/relay";
import { recordPaymentGas } from "@/lib/domain/gateway/relay-gas";
import { minimumSponsored } from "@/lib/domain/gateway/sponsored-tokens";
import { payableByTransfers } from "@/lib/domain/payments/attribution";
import { recordPaymentException } from "@/lib/domain/payments/exceptions";
import { listPaymentOptions, type PaymentOption } from "@/lib/domain/payments/payment-options";
import { loadPayment } from "@/lib/domain/payments/payment-writes";
import { recordPaymentEvent, retryOnConflict } from "@/lib/domain/payments/record-event";
import { quotePaymentOption, selectPaymentOption } from "@/lib/domain/payments/select-option";
import { verifyPaymentTransaction } from "@/lib/domain/payments/verify-payment";
import { noteArrival } from "./deposit-arrivals";
import { sendSweep, sweepCall } from "./send-sweep";

/** How long an instance holds a deposit address it is sweeping. */
const holdMs = 60_000;
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The relayer's round over deposit addresses on a chain (after the watcher noted what arrived):
 * what a payment's address holds in one of its options' assets pays it once it reaches the quote
 * (several transfers add up: an exchange's split withdrawal); short of it, while the payment is
 * open, it waits there for a top-up, and the checkout says what is still due. Then the relayer
 * deploys the forwarder and sweeps it to the merchant's wallet in one transaction, and that sweep,
 * mined, goes through the same verification as any transfer to the destination (over: the
 * overpaid exception; after expiry: paid_late; expired short: underpaid). Another token is swept
 * to the merchant too and flagged `wrong_asset`. A balance worth less than its sweep's gas is left
 * there and reported once per amount (`dust`). Answers how many sweeps it sent.
 */
export async function sweepDeposits(chain: Chain, batch = 100): Promise<number> {
  if (!depositFactoryEnv[chain.id] || !relayerAccount(chain.id)) return 0;
  await settleSentSweeps(chain);
  await noteNativeBalances(chain);
  const now = new Date();
  const waiting = await db().depositAddress.findMany({
    where: {
      chainId: chain.id,
      pendingAssets: { isEmpty: false },
      OR: [{ sweepingUntil: null }, { sweepingUntil: { lt: now } }],
    },
    orderBy: { createdAt: "asc" },
    take: batch,
  });
  let sent = 0;
  for (const deposit of waiting) {
    const { count } = await db().depositAddress.updateMany({
      where: { id: deposit.id, OR: [{ sweepingUntil: null }, { sweepingUntil: { lt: now } }] },
      data: { sweepingUntil: new Date(Date.now() + holdMs) },
    });
    if (!count) continue;
    try {
      sent += await sweepDeposit(chain, deposit);
    } catch (error) {
      logger.warn(
        { chainId: chain.id, depositAddress: deposit.address, reason: shortReason(error) },
        "Deposit sweep: could not sweep a deposit address; it is tried again next round.",
      );
    } finally {
      await db().depositAddress.update({ where: { id: deposit.id }, data: { sweepingUntil: null } });
    }
  }
  return sent;
}

async function sweepDeposit(chain: Chain, deposit: DepositAddress): Promise<number> {
  let payment = await loadPayment(db(), deposit.paymentId);
  const options = (await listPaymentOptions(db(), payment)).filter((o) => chainIdOf(o.asset) === chain.id);
  const done: string[] = [];
  let sent = 0;
  for (const asset of new Set(deposit.pendingAssets)) {
    const info = await assetInfo(chain, asset);
    const balance = await balanceAt(chain, info, deposit.address as Address);
    if (balance === 0n) {
      done.push(asset);
      continue;
    }
    const option = options.find((o) => same(o.asset, asset));
    if (option && isOpen(payment)) {
      payment = await payWith(payment, option);
      const quoted = BigInt(payment.attempt!.value.toFixed());
      if (balance < quoted) {
        await notePartial(payment, asset, balance, quoted);
        continue;
      }
    }
    const call = await sweepCall(chain, deposit, info.address);
    const cost = call.gas * call.maxFeePerGas;
    const worthIt =
      info.kind === "native" ? balance > cost : balance >= minimumSponsored(chain.id, info.decimals);
    done.push(asset);
    if (!worthIt) {
      await recordDust(deposit, payment, asset, balance, cost);
      continue;
    }
    const txHash = await sendSweep(chain, call);
    sent++;
    const sweep = await db().depositSweep.create({
      data: { ...sweepRow(deposit, info.id, balance), status: "sent", key: txHash.toLowerCase(), txHash },
    });
    await settleSweep(chain, sweep, deposit);
  }
  // One statement: an asset the watcher notes meanwhile is kept (a read-then-write would drop it),
  // and Prisma has no form for removing array elements. Raw for that reason.
  if (done.length)
    await db()
      .$executeRaw`UPDATE "DepositAddress" SET "pendingAssets" = ARRAY(SELECT a FROM unnest("pendingAssets") AS a WHERE a <> ALL(${done})) WHERE "id" = ${deposit.id}`;
  return sent;
}

const isOpen = (payment: Payment) =>
  payment.status === "requires_action" && payment.expiresAt.getTime() > Date.now();

/** Money in one of the payment's assets arrived: that option (and its quote) is what it is paid by. */
async function payWith(payment: Payment, option: PaymentOption): Promise<Payment> {
  if (payment.attempt?.settlementId === option.settlementId) return payment;
  const quoted = await quotePaymentOption(payment, option.settlementId);
  return db().$transaction(async (tx) =>
    selectPaymentOption(tx, await loadPayment(tx, payment.id), option.settlementId, quoted),
  );
}

async function balanceAt(chain: Chain, info: AssetInfo, address: Address): Promise<bigint> {
  const client = chainClient(chain);
  return info.kind === "native"
    ? client.getBalance({ address, blockTag: "latest" })
    : client.readContract({
        address: info.address!,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [address],
      });
}

/** Short of the quote while the payment is open: on its timeline once per amount held; the checkout shows the rest due. */
async function notePartial(payment: Payment, asset: string, held: bigint, quoted: bigint): Promise<void> {
  await retryOnConflict(() =>
    db().$transaction(async (tx) => {
      const current = await loadPayment(tx, payment.id);
      const seen = await tx.paymentEvent.count({
        where: {
          paymentId: payment.id,
          type: "payment.deposit_short",
          data: { path: ["held"], equals: held.toString() },
        },
      });
      if (seen) return;
      await recordPaymentEvent(tx, current, {
        type: "payment.deposit_short",
        actor: "relayer",
        data: { asset, held: held.toString(), due: (quoted - held).toString() },
      });
    }),
  );
}

/** Less than its sweep would cost: left at the address and reported (once per amount), never swept at a loss. */
/** What every sweep row of a deposit address says: whose, where, and what it held. */
function sweepRow(deposit: DepositAddress, asset: string, value: bigint) {
  return {
    id: newId("swp"),
    accountId: deposit.accountId,
    mode: deposit.mode,
    paymentId: deposit.paymentId,
    depositAddressId: deposit.id,
    chainId: deposit.chainId,
    asset,
    value: value.toString(),
  };
}

async function recordDust(
  deposit: DepositAddress,
  payment: Payment,
  asset: string,
  value: bigint,
  costWei: bigint,
): Promise<void> {
  const key = `dust:${deposit.address.toLowerCase()}:${asset.toLowerCase()}:${value}`;
  await retryOnConflict(() =>
    db().$transaction(async (tx) => {
      if (await tx.depositSweep.count({ where: { key } })) return;
      await tx.depositSweep.create({
        data: { ...sweepRow(deposit, asset, value), status: "dust", key },
      });
      await recordPaymentEvent(tx, await loadPayment(tx, payment.id), {
        type: "payment.deposit_dust",
        actor: "relayer",
        data: { asset, value: value.toString(), sweepCostWei: costWei.toString(), address: deposit.address },
      });
    }),
  );
}

/** Sweeps sent but not yet seen mined (a chain that does not mine at once): settled when their receipt is there. */
async function settleSentSweeps(chain: Chain): Promise<void> {
  const sent = await db().depositSweep.findMany({
    where: { chainId: chain.id, status: "sent" },
    include: { depositAddress: true },
    take: 100,
  });
  for (const sweep of sent) await settleSweep(chain, sweep, sweep.depositAddress);
}

/**
 * A mined sweep: its gas on the sweep, the payment and (through them) the account, as a relay's;
 * then what it moved pays the payment through verification, or, in another token, is its
 * `wrong_asset` exception. A sweep that reverted leaves the asset for the next round.
 */
async function settleSweep(chain: Chain, sweep: DepositSweep, deposit: DepositAddress): Promise<void> {
  const receipt = await chainClient(chain)
    .getTransactionReceipt({ hash: sweep.txHash as Hex })
    .catch(() => null);
  if (!receipt) return;
  const ok = receipt.status === "success";
  const settled = await db().$transaction(async (tx) => {
    const { count } = await tx.depositSweep.updateMany({
      where: { id: sweep.id, status: "sent" },
      data: {
        status: ok ? "swept" : "failed",
        gasUsed: Number(receipt.gasUsed),
        gasCostWei: (receipt.gasUsed * receipt.effectiveGasPrice).toString(),
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
        gasUsed: receipt.gasUsed.toString(),
        address: deposit.address,
      },
    });
    return true;
  });
  if (!settled || !ok) return;
  const payment = await loadPayment(db(), sweep.paymentId);
  if (payment.attempt && same(payment.attempt.asset, sweep.asset)) {
    await verifyPaymentTransaction(payment.id, sweep.txHash!, "relayer");
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

/**
 * The native coin leaves no log: the balance of each deposit address whose payment is still
 * payable and whose merchant takes the chain's native coin is read, and money there is noted as
 * an arrival for the sweep above.
 */
async function noteNativeBalances(chain: Chain): Promise<void> {
  const deposits = await db().depositAddress.findMany({
    where: { chainId: chain.id, payment: payableByTransfers() },
    select: {
      id: true,
      address: true,
      paymentId: true,
      pendingAssets: true,
      accountId: true,
      payment: { select: { merchantId: true } },
    },
  });
  if (!deposits.length) return;
  const native = await db().cryptoSettlement.findMany({
    where: {
      mode: "live",
      merchantId: { in: [...new Set(deposits.map((d) => d.payment.merchantId))] },
      asset: { startsWith: `${chain.id}/slip44:` },
    },
    select: { merchantId: true, asset: true },
  });
  const nativeOf = new Map(native.map((s) => [s.merchantId, s.asset]));
  for (const deposit of deposits) {
    const asset = nativeOf.get(deposit.payment.merchantId);
    if (!asset || deposit.pendingAssets.some((a) => same(a, asset))) continue;
    const balance = await chainClient(chain).getBalance({ address: deposit.address as Address });
    if (balance > 0n) await noteArrival(deposit, asset, null, balance, null, null);
  }
}

/** Whether a transaction is one of the relayer's sweeps of a deposit address. */
export async function isDepositSweep(txHash: string): Promise<boolean> {
  return (await db().depositSweep.count({ where: { key: txHash.toLowerCase() } })) > 0;
}
