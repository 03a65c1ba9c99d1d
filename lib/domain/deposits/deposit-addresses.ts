import "server-only";
import { getAddress, parseAbi, type Address } from "viem";
import { getChain, type Chain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import { depositSalt, predictDepositAddress } from "@/lib/core/chain/deposit-address";
import { depositFactoryEnv, relayerKeyEnv } from "@/lib/core/config/env";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";

export const depositFactoryAbi = parseAbi([
  "function implementation() view returns (address)",
  "function predict(address destination, bytes32 salt) view returns (address)",
  "function deployAndSweep(address destination, bytes32 salt, address[] tokens) returns (address)",
  "struct Sweep { address destination; bytes32 salt; address[] tokens; }",
  "function deployAndSweepMany(Sweep[] sweeps)",
]);

/** The chains where live payments get deposit addresses: an RPC, a DepositFactory and a relayer to deploy and sweep them. */
export function depositChains(): Chain[] {
  return Object.keys(depositFactoryEnv).flatMap((id) => (relayerKeyEnv[id] ? (getChain(id) ?? []) : []));
}

const implementations = new Map<string, Promise<Address>>();

/** The factory's forwarder implementation (immutable in the factory: read once per chain). */
function forwarderImplementation(chain: Chain): Promise<Address> {
  let found = implementations.get(chain.id);
  if (!found) {
    found = chainClient(chain).readContract({
      address: depositFactoryEnv[chain.id]!,
      abi: depositFactoryAbi,
      functionName: "implementation",
    });
    implementations.set(chain.id, found);
    found.catch(() => implementations.delete(chain.id));
  }
  return found;
}

/**
 * Gives each open live payment of a merchant settling on `chain` its deposit address there, once:
 * computed off-chain (nothing is deployed until money arrives), for the wallet of the merchant's
 * oldest settlement on that chain, which the forwarder will be fixed to. Answers how many it made.
 */
export async function assignDepositAddresses(chain: Chain, paymentIds?: string[]): Promise<number> {
  const factory = depositFactoryEnv[chain.id];
  if (!factory) return 0;
  const waiting = await db().payment.findMany({
    where: {
      mode: "live",
      status: "requires_action",
      expiresAt: { gt: new Date() },
      ...(paymentIds ? { id: { in: paymentIds } } : {}),
      depositAddresses: { none: { chainId: chain.id } },
    },
    select: { id: true, accountId: true, merchantId: true },
    take: 5_000,
  });
  if (!waiting.length) return 0;
  const settlements = await db().cryptoSettlement.findMany({
    where: {
      mode: "live",
      merchantId: { in: [...new Set(waiting.map((p) => p.merchantId))] },
      asset: { startsWith: `${chain.id}/` },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { merchantId: true, destination: true },
  });
  const wallets = new Map<string, string>();
  for (const s of settlements) if (!wallets.has(s.merchantId)) wallets.set(s.merchantId, s.destination);
  const implementation = await forwarderImplementation(chain);
  const rows = waiting.flatMap((payment) => {
    const destination = wallets.get(payment.merchantId);
    if (!destination) return [];
    const salt = depositSalt(payment.id);
    const address = predictDepositAddress({
      factory,
      implementation,
      destination: getAddress(destination.split(":").pop()!),
      salt,
    });
    return [
      {
        id: newId("dep"),
        accountId: payment.accountId,
        mode: "live" as const,
        paymentId: payment.id,
        chainId: chain.id,
        address,
        salt,
        factory: getAddress(factory),
        destination,
      },
    ];
  });
  if (!rows.length) return 0;
  return (await db().depositAddress.createMany({ data: rows, skipDuplicates: true })).count;
}

/** A payment's deposit addresses, one per chain (made first if the payment is open and has none yet). */
export async function depositAddressesOf(paymentId: string): Promise<{ chainId: string; address: string }[]> {
  for (const chain of depositChains()) await assignDepositAddresses(chain, [paymentId]);
  return db().depositAddress.findMany({
    where: { paymentId },
    select: { chainId: true, address: true },
    orderBy: { chainId: "asc" },
  });
}
