import "server-only";
import { erc20Abi, getAddress, type Address, type Hash } from "viem";
import type { Chain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import { db, type DbOrTx } from "@/lib/core/db";
import { payableByTransfers } from "@/lib/domain/payments/attribution";
import { loadPayment } from "@/lib/domain/payments/payment-writes";
import { recordPaymentEvent, retryOnConflict } from "@/lib/domain/payments/record-event";
import { assignDepositAddresses } from "./deposit-addresses";

/** The timeline step of money reaching a payment's deposit address (one per transfer). */
export const depositReceivedEvent = "payment.deposit_received";

/** How many deposit addresses go in one getLogs `to` filter. */
const addressesPerQuery = 500;

/**
 * The chain watcher's part for deposit addresses (called from watchTransfers with its block range):
 * gives new open payments their address, then reads every ERC-20 `Transfer` to any deposit address
 * of a payment a transfer may still pay, whatever the token: each belongs to that address's payment
 * (nothing else can send there by mistake), so it is noted on the payment's timeline and the
 * address is marked for the sweep (sweep-deposits.ts), which decides what it pays. Answers how many
 * transfers it noted.
 */
export async function noteDepositArrivals(chain: Chain, fromBlock: bigint, toBlock: bigint): Promise<number> {
  await assignDepositAddresses(chain);
  const deposits = await db().depositAddress.findMany({
    where: { chainId: chain.id, payment: payableByTransfers() },
    select: { id: true, address: true, paymentId: true },
  });
  if (!deposits.length) return 0;
  const byAddress = new Map(deposits.map((d) => [d.address.toLowerCase(), d]));
  let noted = 0;
  for (let i = 0; i < deposits.length; i += addressesPerQuery) {
    const logs = await chainClient(chain).getContractEvents({
      abi: erc20Abi,
      eventName: "Transfer",
      args: { to: deposits.slice(i, i + addressesPerQuery).map((d) => d.address as Address) },
      fromBlock,
      toBlock,
    });
    for (const log of logs) {
      const deposit = byAddress.get(log.args.to!.toLowerCase());
      if (!deposit || !log.args.value) continue;
      const asset = `${chain.id}/erc20:${getAddress(log.address)}`;
      if (
        await noteArrival(deposit, asset, log.args.from!, log.args.value, log.transactionHash, log.logIndex)
      )
        noted++;
    }
  }
  return noted;
}

/**
 * Notes money at a deposit address, once per transfer: on the payment's timeline, as an asset for
 * the sweep to read, and its sender as the payer if none was seen before. Native coin is found by
 * the sweep's balance read instead (it has no log), with no sender or hash to note.
 */
export async function noteArrival(
  deposit: { id: string; paymentId: string },
  asset: string,
  from: Address | null,
  value: bigint,
  txHash: Hash | null,
  logIndex: number | null,
): Promise<boolean> {
  return retryOnConflict(() =>
    db().$transaction(async (tx) => {
      if (txHash && (await arrivalNoted(tx, deposit.paymentId, txHash, logIndex))) return false;
      await tx.depositAddress.update({ where: { id: deposit.id }, data: { pendingAssets: { push: asset } } });
      if (from)
        await tx.depositAddress.updateMany({ where: { id: deposit.id, payer: null }, data: { payer: from } });
      if (!txHash) return true;
      await recordPaymentEvent(tx, await loadPayment(tx, deposit.paymentId), {
        type: depositReceivedEvent,
        actor: "watcher",
        data: { txHash, logIndex, asset, value: value.toString(), ...(from ? { from } : {}) },
      });
      return true;
    }),
  );
}

async function arrivalNoted(tx: DbOrTx, paymentId: string, txHash: string, logIndex: number | null) {
  const seen = await tx.paymentEvent.findMany({
    where: { paymentId, type: depositReceivedEvent, data: { path: ["txHash"], equals: txHash } },
    select: { data: true },
  });
  return seen.some((e) => (e.data as { logIndex?: number | null }).logIndex === logIndex);
}
