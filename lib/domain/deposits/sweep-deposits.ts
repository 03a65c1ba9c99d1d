import "server-only";
import { erc20Abi, type Address } from "viem";
import { assetInfo, type AssetInfo } from "@/lib/core/chain/asset-info";
import { chainIdOf, type Chain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import { depositFactoryEnv } from "@/lib/core/config/env";
import { db, type DepositAddress, type Payment } from "@/lib/core/db";
import { shortReason } from "@/lib/core/errors/chain-errors";
import { newId } from "@/lib/core/ids/ids";
import { logger } from "@/lib/core/log/logger";
import { relayerAccount } from "@/lib/domain/gateway/relay";
import { minimumSponsored } from "@/lib/domain/gateway/sponsored-tokens";
import { payableByTransfers } from "@/lib/domain/payments/attribution";
import { listPaymentOptions, type PaymentOption } from "@/lib/domain/payments/payment-options";
import { loadPayment } from "@/lib/domain/payments/payment-writes";
import { recordPaymentEvent, retryOnConflict } from "@/lib/domain/payments/record-event";
import { quotePaymentOption, selectPaymentOption } from "@/lib/domain/payments/select-option";
import { noteArrival } from "./deposit-arrivals";
import { sendSweep, sweepCall, type SweepCall } from "./send-sweep";
import { settleSentSweeps, settleSweepTransaction } from "./settle-sweeps";

/** How long an instance holds the deposit addresses it is sweeping. */
const holdMs = 60_000;
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** What one deposit address's round found: balances to sweep, and assets it is done with (empty, swept, dust). */
type Planned = {
  deposit: DepositAddress;
  sweeps: { asset: string; info: AssetInfo; balance: bigint }[];
  done: string[];
};

/**
 * The relayer's round over deposit addresses on a chain (after the watcher noted what arrived):
 * what a payment's address holds in one of its options' assets pays it once it reaches the quote
 * (several transfers add up: an exchange's split withdrawal); short of it, while the payment is
 * open, it waits there for a top-up, and the checkout says what is still due. Then the relayer
 * deploys the forwarders and sweeps them to their merchants' wallets, up to `batch` addresses in
 * one transaction, and each sweep, mined, goes through the same verification as any transfer to
 * the destination (over: the overpaid exception; after expiry: paid_late; expired short:
 * underpaid). Another token is swept to the merchant too and flagged `wrong_asset`. A balance worth
 * less than its sweep's gas is left there and reported once per amount (`dust`). Instances claim
 * the addresses they sweep (SKIP LOCKED, then a lease on each), so no two sweep one at once.
 * Answers whether more addresses were waiting than it took.
 */
export async function sweepDeposits(chain: Chain, batch = 50): Promise<boolean> {
  if (!depositFactoryEnv[chain.id] || !relayerAccount(chain.id)) return false;
  await settleSentSweeps(chain);
  await noteNativeBalances(chain);
  const now = new Date();
  const claimed = await db().$queryRaw<{ id: string }[]>`
    UPDATE "DepositAddress" SET "sweepingUntil" = ${new Date(now.getTime() + holdMs)}
    WHERE "id" IN (
      SELECT "id" FROM "DepositAddress"
      WHERE "chainId" = ${chain.id} AND cardinality("pendingAssets") > 0
        AND ("sweepingUntil" IS NULL OR "sweepingUntil" < ${now})
      ORDER BY "createdAt" LIMIT ${batch} FOR UPDATE SKIP LOCKED)
    RETURNING "id"`;
  if (!claimed.length) return false;
  const ids = claimed.map((c) => c.id);
  try {
    const deposits = await db().depositAddress.findMany({
      where: { id: { in: ids } },
      orderBy: { createdAt: "asc" },
    });
    const planned: Planned[] = [];
    for (const deposit of deposits)
      await planSweep(chain, deposit).then(
        (plan) => planned.push(plan),
        (error: unknown) => warn(chain, deposit, error),
      );
    await sendSweeps(chain, planned);
    for (const { deposit, done } of planned) {
      // One statement: an asset the watcher notes meanwhile is kept (a read-then-write would drop it),
      // and Prisma has no form for removing array elements. Raw for that reason.
      if (done.length)
        await db()
          .$executeRaw`UPDATE "DepositAddress" SET "pendingAssets" = ARRAY(SELECT a FROM unnest("pendingAssets") AS a WHERE a <> ALL(${done})) WHERE "id" = ${deposit.id}`;
    }
  } finally {
    await db().depositAddress.updateMany({ where: { id: { in: ids } }, data: { sweepingUntil: null } });
  }
  return claimed.length === batch;
}

function warn(chain: Chain, deposit: DepositAddress, error: unknown) {
  logger.warn(
    { chainId: chain.id, depositAddress: deposit.address, reason: shortReason(error) },
    "Deposit sweep: could not sweep a deposit address; it is tried again next round.",
  );
}

/** What to sweep from one deposit address: each pending asset's balance, unless it is short of an open payment's quote or dust. */
async function planSweep(chain: Chain, deposit: DepositAddress): Promise<Planned> {
  let payment = await loadPayment(db(), deposit.paymentId);
  const options = (await listPaymentOptions(db(), payment)).filter((o) => chainIdOf(o.asset) === chain.id);
  const planned: Planned = { deposit, sweeps: [], done: [] };
  for (const asset of new Set(deposit.pendingAssets)) {
    const info = await assetInfo(chain, asset);
    const balance = await balanceAt(chain, info, deposit.address as Address);
    if (balance === 0n) {
      planned.done.push(asset);
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
    if (info.kind !== "native" && balance >= minimumSponsored(chain.id, info.decimals)) {
      planned.sweeps.push({ asset, info, balance });
      continue;
    }
    // The native coin, or a token below the sponsorship minimum: weighed against its own sweep's gas.
    const call = await sweepCall(chain, [{ deposit, tokens: [info.address] }]);
    const cost = call.gas * call.maxFeePerGas;
    if (info.kind === "native" && balance > cost) planned.sweeps.push({ asset, info, balance });
    else {
      planned.done.push(asset);
      await recordDust(deposit, payment, asset, balance, cost);
    }
  }
  return planned;
}

/**
 * Sends one transaction sweeping every planned address, records a `sent` row per address and
 * asset, and settles it if it is mined already. If the batch cannot be estimated (one token that
 * reverts), each address is tried alone, so one cannot hold the others up.
 */
async function sendSweeps(chain: Chain, planned: Planned[]): Promise<void> {
  const ready = planned.filter((p) => p.sweeps.length);
  if (!ready.length) return;
  const items = ready.map((p) => ({ deposit: p.deposit, tokens: p.sweeps.map((s) => s.info.address) }));
  let call: SweepCall;
  try {
    call = await sweepCall(chain, items);
  } catch (error) {
    if (ready.length === 1) return warn(chain, ready[0]!.deposit, error);
    for (const one of ready) await sendSweeps(chain, [one]);
    return;
  }
  const txHash = (await sendSweep(chain, call)).toLowerCase();
  await db().depositSweep.createMany({
    data: ready.flatMap(({ deposit, sweeps }) =>
      sweeps.map(({ info, balance }) => ({
        ...sweepRow(deposit, info.id, balance),
        status: "sent",
        key: `${txHash}:${deposit.address}:${info.id}`.toLowerCase(),
        txHash,
      })),
    ),
  });
  for (const p of ready) p.done.push(...p.sweeps.map((s) => s.asset));
  await settleSweepTransaction(chain, txHash);
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

/** Less than its sweep would cost: left at the address and reported (once per amount), never swept at a loss. */
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
