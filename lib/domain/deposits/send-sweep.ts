import "server-only";
import {
  createWalletClient,
  encodeFunctionData,
  getAddress,
  http,
  zeroAddress,
  type Address,
  type Hex,
} from "viem";
import type { Chain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import { relayerOutOfFunds, relayerUnavailable } from "@/lib/core/errors/chain-errors";
import { relayerAccount, relayFees, takeNonce, viemChain } from "@/lib/domain/gateway/relay";
import { withLease } from "@/lib/domain/gateway/relayer-lease";
import { depositFactoryAbi } from "./deposit-addresses";

export type SweepCall = { to: Address; data: Hex; gas: bigint; maxFeePerGas: bigint };

/** One deposit address to deploy (if it is not yet) and sweep: its tokens (null: the native coin). */
export type ForwarderSweep = {
  deposit: { factory: string; destination: string; salt: string };
  tokens: (Address | null)[];
};

/**
 * The factory call that deploys each deposit address (if it is not yet) and sweeps its tokens to
 * its own destination, all in one transaction, with its gas and fee. All share one factory (a
 * chain's): the forwarders are made from each item's own destination and salt, so the batch can pay
 * nobody else.
 */
export async function sweepCall(chain: Chain, sweeps: ForwarderSweep[]): Promise<SweepCall> {
  const account = relayerAccount(chain.id);
  if (!account) throw relayerUnavailable(`No relayer is configured for ${chain.id}.`);
  const to = getAddress(sweeps[0]!.deposit.factory);
  const data = encodeFunctionData({
    abi: depositFactoryAbi,
    functionName: "deployAndSweepMany",
    args: [
      sweeps.map(({ deposit, tokens }) => ({
        destination: getAddress(deposit.destination.split(":").pop()!),
        salt: deposit.salt as Hex,
        tokens: tokens.map((token) => token ?? zeroAddress),
      })),
    ],
  });
  const client = chainClient(chain);
  const [estimate, fees] = await Promise.all([
    client.estimateGas({ account: account.address, to, data }),
    relayFees(chain),
  ]);
  // A fifth more than the estimate: a clone's first storage writes vary a little with the block.
  return { to, data, gas: (estimate * 6n) / 5n, maxFeePerGas: fees.maxFeePerGas };
}

/** Sends a sweep from the chain's relayer, under its lease and nonce order shared with relays; answers the hash. */
export async function sendSweep(chain: Chain, call: SweepCall): Promise<Hex> {
  const account = relayerAccount(chain.id)!;
  return withLease(chain, account.address, async () => {
    const fees = await relayFees(chain);
    const balance = await chainClient(chain).getBalance({ address: account.address });
    if (balance < fees.maxFeePerGas * call.gas) throw relayerOutOfFunds();
    const wallet = createWalletClient({
      account,
      chain: viemChain(chain),
      transport: http(chain.rpcUrl, { timeout: 10_000 }),
    });
    const nonce = await takeNonce(chain, account.address, null, null);
    return wallet.sendTransaction({ to: call.to, data: call.data, gas: call.gas, nonce, ...fees });
  });
}
