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

/** The factory call that deploys a deposit address (if it is not yet) and sweeps `token` (null: the native coin) to its destination, with its gas and fee. */
export async function sweepCall(
  chain: Chain,
  deposit: { factory: string; destination: string; salt: string },
  token: Address | null,
): Promise<SweepCall> {
  const account = relayerAccount(chain.id);
  if (!account) throw relayerUnavailable(`No relayer is configured for ${chain.id}.`);
  const to = getAddress(deposit.factory);
  const data = encodeFunctionData({
    abi: depositFactoryAbi,
    functionName: "deployAndSweep",
    args: [getAddress(deposit.destination.split(":").pop()!), deposit.salt as Hex, [token ?? zeroAddress]],
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
