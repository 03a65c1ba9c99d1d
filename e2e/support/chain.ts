import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeAbiParameters,
  encodeFunctionData,
  http,
  keccak256,
  parseAbi,
  toHex,
  type Address,
  type Hash,
  type Hex,
} from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { compileContract } from "@/contracts/compile";
import { localChainId, repoRoot } from "./settings";

// A real local EVM (Hardhat 2, offline) for live-mode tests, and the few things tests do on it.

export { localChainId };
export const localCaip2 = `eip155:${localChainId}`;

// Hardhat's well-known development accounts (public test keys, funded with 10,000 ETH each).
export const devKeys = [
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
] as const;
export const devAccounts = devKeys.map((key) => privateKeyToAccount(key));
/** Hardhat's account #5: the relayer the test server submits gasless payments with. */
export const relayerKey = "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba" as const;
export const relayerAddress = privateKeyToAccount(relayerKey).address;

async function answers(port: number, chainId: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
    signal: AbortSignal.timeout(3_000),
  }).then(
    async (r) => r.ok && Number((await r.json()).result) === chainId,
    () => false,
  );
}

/** Starts the node, or reuses one a previous run left on the port (tests deploy fresh contracts anyway). */
export async function startLocalChain(
  port: number,
  chainId = localChainId,
): Promise<Pick<ChildProcess, "kill">> {
  if (await answers(port, chainId)) return { kill: () => true };
  const child = spawn(
    process.execPath,
    [
      path.join(repoRoot, "node_modules/hardhat/internal/cli/cli.js"),
      "--config",
      "e2e/chain/hardhat.config.cjs",
      "node",
      "--hostname",
      "127.0.0.1",
      "--port",
      String(port),
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        HARDHAT_DISABLE_TELEMETRY_PROMPT: "true",
        TOLLGATE_TEST_CHAIN_ID: String(chainId),
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error("Hardhat node exited"));
      if (await answers(port, chainId)) return resolve(child);
      if (Date.now() > deadline) return reject(new Error("Hardhat node did not start within 60 s"));
      setTimeout(poll, 300);
    };
    void poll();
  });
}

const erc20 = parseAbi([
  "function transfer(address to, uint256 value) returns (bool)",
  "function balanceOf(address) view returns (uint256)",
]);
const aggregator = parseAbi(["function setAnswer(int256 answer, uint256 updatedAt)"]);

export class LocalChain {
  readonly chain;
  readonly public;
  constructor(readonly rpcUrl: string) {
    this.chain = defineChain({
      id: localChainId,
      name: "Local Hardhat",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    });
    this.public = createPublicClient({ chain: this.chain, transport: http(rpcUrl) });
  }

  wallet(index: number) {
    return createWalletClient({
      account: devAccounts[index]!,
      chain: this.chain,
      transport: http(this.rpcUrl),
    });
  }

  /** Compiles TestToken with solc-js and deploys it from account 0. */
  deployToken(symbol: string, decimals: number): Promise<Address> {
    return this.deploy("TestToken", [`${symbol} Test Token`, symbol, decimals, 10n ** 30n]);
  }

  /** Compiles TestAuthToken (an ERC-20 with EIP-3009, 6 decimals, EIP-712 version "2") and deploys it from account 0. */
  deployAuthToken(name: string, symbol: string): Promise<Address> {
    return this.deploy("TestAuthToken", [name, symbol, 10n ** 30n]);
  }

  /**
   * Puts a TestAuthToken named `name` at `at` (a real token's address, such as Base's USDC, which the
   * node posing as Base does not have), holding the supply of account 0; answers a function that
   * takes it away again. The code is copied from a fresh deployment with its storage (OpenZeppelin
   * 5's ERC20 layout: balances at slot 0, total supply, name and symbol at 2 to 4); its EIP-712
   * domain is computed from its own address, so signatures for `at` are what it checks.
   */
  async installAuthToken(at: Address, name: string, symbol: string): Promise<() => Promise<void>> {
    const deployed = await this.deployAuthToken(name, symbol);
    const code = await this.public.getCode({ address: deployed });
    const holderSlot = keccak256(
      encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [devAccounts[0]!.address, 0n]),
    );
    const slots = [toHex(2, { size: 32 }), toHex(3, { size: 32 }), toHex(4, { size: 32 }), holderSlot];
    await this.rpc("hardhat_setCode", [at, code]);
    for (const slot of slots)
      await this.rpc("hardhat_setStorageAt", [
        at,
        slot,
        await this.public.getStorageAt({ address: deployed, slot }),
      ]);
    return async () => {
      await this.rpc("hardhat_setCode", [at, "0x"]);
      for (const slot of slots) await this.rpc("hardhat_setStorageAt", [at, slot, toHex(0, { size: 32 })]);
    };
  }

  /** Compiles GasBurnerToken (looks like TestAuthToken, burns ~5M gas per transferWithAuthorization) and deploys it from account 0. */
  deployGasBurner(name: string, symbol: string): Promise<Address> {
    return this.deploy("GasBurnerToken", [name, symbol, 10n ** 30n]);
  }

  /** A Chainlink-style price feed (TestAggregator) answering with `decimals` decimals. */
  deployAggregator(decimals: number): Promise<Address> {
    return this.deploy("TestAggregator", [decimals]);
  }

  /** Sets a TestAggregator's latest answer and the time it claims to be from. */
  async setFeedAnswer(feed: Address, answer: bigint, updatedAt: Date): Promise<void> {
    const hash = await this.wallet(0).writeContract({
      address: feed,
      abi: aggregator,
      functionName: "setAnswer",
      args: [answer, BigInt(Math.floor(updatedAt.getTime() / 1000))],
    });
    await this.public.waitForTransactionReceipt({ hash });
  }

  /** Compiles and deploys Tollgate's DepositFactory (contracts/) from account 0; answers it and its forwarder implementation. */
  async deployDepositFactory(): Promise<{ factory: Address; implementation: Address }> {
    const factory = await this.deploy("DepositFactory", []);
    const implementation = await this.public.readContract({
      address: factory,
      abi: parseAbi(["function implementation() view returns (address)"]),
      functionName: "implementation",
    });
    return { factory, implementation };
  }

  /** Compiles contracts/ or e2e/chain/<contract>.sol with solc-js and deploys it from account 0. */
  async deploy(contract: string, args: unknown[]): Promise<Address> {
    const { abi, bytecode } = compileContract(contract);
    const hash = await this.wallet(0).deployContract({ abi, bytecode, args });
    const receipt = await this.public.waitForTransactionReceipt({ hash });
    return receipt.contractAddress!;
  }

  async transferToken(token: Address, to: Address, value: bigint, fromIndex = 0): Promise<Hash> {
    const hash = await this.wallet(fromIndex).writeContract({
      address: token,
      abi: erc20,
      functionName: "transfer",
      args: [to, value],
    });
    await this.public.waitForTransactionReceipt({ hash });
    return hash;
  }

  async sendEth(to: Address, value: bigint, fromIndex = 0): Promise<Hash> {
    const hash = await this.wallet(fromIndex).sendTransaction({ to, value });
    await this.public.waitForTransactionReceipt({ hash });
    return hash;
  }

  /** A transaction that reverts on-chain: a token transfer of more than the sender holds. */
  async revertedTransfer(token: Address, to: Address): Promise<Hash> {
    const data = encodeFunctionData({ abi: erc20, functionName: "transfer", args: [to, 10n ** 40n] });
    const hash = await this.wallet(4).sendTransaction({ to: token, data, gas: 200_000n });
    await this.public.waitForTransactionReceipt({ hash });
    return hash;
  }

  /** Sends a token transfer and returns its hash without waiting for it to be mined. */
  sendTokenTransfer(
    token: Address,
    to: Address,
    value: bigint,
    fromIndex = 0,
    gasPrice?: bigint,
  ): Promise<Hash> {
    return this.wallet(fromIndex).writeContract({
      address: token,
      abi: erc20,
      functionName: "transfer",
      args: [to, value],
      ...(gasPrice ? { gasPrice } : {}),
    });
  }

  /** Turns mining each transaction as it arrives off (transactions wait in the mempool for `mine`) or back on. */
  automine(on: boolean) {
    return this.rpc("evm_setAutomine", [on]);
  }

  /** Mines empty blocks, a second apart, or all at the current time (to bury a transfer deep without moving the chain's clock ahead). */
  mine(blocks = 1, { sameTimestamp = false } = {}) {
    return this.rpc("hardhat_mine", [`0x${blocks.toString(16)}`, sameTimestamp ? "0x0" : "0x1"]);
  }

  /** Sets the base fee of the next block (a fee spike leaves transactions priced below it in the mempool). */
  async setNextBaseFee(wei: bigint): Promise<void> {
    await this.rpc("hardhat_setNextBlockBaseFeePerGas", [`0x${wei.toString(16)}`]);
  }

  /** Sets an account's ETH balance (e.g. to 0, to take a relayer's gas away). */
  async setBalance(address: Address, wei: bigint): Promise<void> {
    await this.rpc("hardhat_setBalance", [address, `0x${wei.toString(16)}`]);
  }

  /** The number of the newest block. */
  height(): Promise<bigint> {
    return this.public.getBlockNumber({ cacheTime: 0 });
  }

  /** The timestamp of the block a transaction was mined in. */
  async blockTime(hash: Hash): Promise<Date> {
    const { blockNumber } = await this.public.getTransactionReceipt({ hash });
    return new Date(Number((await this.public.getBlock({ blockNumber })).timestamp) * 1000);
  }

  snapshot(): Promise<string> {
    return this.rpc("evm_snapshot", []) as Promise<string>;
  }

  revert(id: string) {
    return this.rpc("evm_revert", [id]);
  }

  private async rpc(method: string, params: unknown[]) {
    const res = await fetch(this.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    const body = (await res.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  }
}

/** What a wallet does with an eth_signTypedData_v4 action's JSON: sign it (viem derives the EIP712Domain type itself). */
export function signTypedJson(wallet: PrivateKeyAccount, json: string): Promise<Hex> {
  const typed = JSON.parse(json);
  const types = Object.fromEntries(
    Object.entries(typed.types).filter(([name]) => name !== "EIP712Domain"),
  ) as Record<string, { name: string; type: string }[]>;
  return wallet.signTypedData({
    domain: typed.domain,
    types,
    primaryType: typed.primaryType,
    message: typed.message,
  });
}
