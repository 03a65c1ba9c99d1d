import { getAddress, keccak256, parseAbi, stringToHex, zeroAddress, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, test } from "../support/api";
import { devAccounts, LocalChain } from "../support/chain";
import { localChainRpc } from "../support/settings";

// contracts/DepositForwarder.sol and DepositFactory.sol on the local Hardhat chain: a payment's
// deposit address can only ever pay the destination it was made for, whoever calls what.

const chain = new LocalChain(localChainRpc);
const factoryAbi = parseAbi([
  "function implementation() view returns (address)",
  "function predict(address destination, bytes32 salt) view returns (address)",
  "function deployAndSweep(address destination, bytes32 salt, address[] tokens) returns (address)",
  "struct Sweep { address destination; bytes32 salt; address[] tokens; }",
  "function deployAndSweepMany(Sweep[] sweeps)",
]);
const forwarderAbi = parseAbi([
  "function destination() view returns (address)",
  "function initialize(address destination_)",
  "function sweep(address token) returns (uint256)",
  "function sweepTo(address token, address to) returns (uint256)",
  "error AlreadyInitialized()",
  "error NotDestination(address to)",
]);
const erc20 = parseAbi(["function balanceOf(address) view returns (uint256)"]);
const attacker = 4;

test("a forwarder pays only the destination fixed at creation: other destinations, re-initialising and the implementation are refused", async () => {
  const { factory, implementation } = await chain.deployDepositFactory();
  const token = await chain.deployToken("FWD", 6);
  const destination = privateKeyToAccount(generatePrivateKey()).address;
  const thief = devAccounts[attacker]!.address;
  const salt = keccak256(stringToHex("pay_forwarder_test"));
  const read = <T>(
    address: Address,
    abi: typeof factoryAbi | typeof forwarderAbi,
    functionName: string,
    args: unknown[] = [],
  ) => chain.public.readContract({ address, abi, functionName, args } as never) as Promise<T>;
  const deposit = await read<Address>(factory, factoryAbi, "predict", [destination, salt]);
  const balance = (holder: Address) =>
    chain.public.readContract({ address: token, abi: erc20, functionName: "balanceOf", args: [holder] });

  // Money arrives before anything is deployed there, as an exchange sends it.
  await chain.transferToken(token, deposit, 5_000_000n);
  await chain.sendEth(deposit, 10n ** 15n);

  // The same salt for another destination is another address: the thief's "sweep" moves nothing of it.
  const wrong = await read<Address>(factory, factoryAbi, "predict", [thief, salt]);
  expect(wrong).not.toBe(deposit);
  const hijack = await chain.wallet(attacker).writeContract({
    address: factory,
    abi: factoryAbi,
    functionName: "deployAndSweep",
    args: [thief, salt, [token, zeroAddress]],
  });
  await chain.public.waitForTransactionReceipt({ hash: hijack });
  expect(await balance(deposit)).toBe(5_000_000n);
  expect(await balance(thief)).toBe(0n);

  // Anyone may deploy and sweep the real one: the money reaches the destination only.
  const sweep = await chain.wallet(attacker).writeContract({
    address: factory,
    abi: factoryAbi,
    functionName: "deployAndSweep",
    args: [destination, salt, [token, zeroAddress]],
  });
  expect((await chain.public.waitForTransactionReceipt({ hash: sweep })).status).toBe("success");
  expect(await balance(destination)).toBe(5_000_000n);
  expect(await chain.public.getBalance({ address: destination })).toBe(10n ** 15n);
  expect(getAddress(await read<Address>(deposit, forwarderAbi, "destination"))).toBe(destination);

  // A sweep naming anyone but the destination, a second initialisation, and the bare implementation are refused.
  await chain.transferToken(token, deposit, 1_000_000n);
  // (The local node answers a reverting eth_call without an error, so each is sent and its receipt read.)
  const thiefSends = async (address: Address, functionName: "sweepTo" | "initialize", args: unknown[]) => {
    const hash = await chain.wallet(attacker).writeContract({
      address,
      abi: forwarderAbi,
      functionName,
      args,
      gas: 200_000n,
    } as never);
    return (await chain.public.waitForTransactionReceipt({ hash })).status;
  };
  expect(await thiefSends(deposit, "sweepTo", [token, thief])).toBe("reverted");
  expect(await thiefSends(deposit, "initialize", [thief])).toBe("reverted");
  expect(await thiefSends(implementation, "initialize", [thief])).toBe("reverted");
  expect(getAddress(await read<Address>(deposit, forwarderAbi, "destination"))).toBe(destination);
  expect(await balance(deposit)).toBe(1_000_000n);
  // The same call naming the destination is the one sweepTo accepts.
  expect(await thiefSends(deposit, "sweepTo", [token, destination])).toBe("success");
  expect(await balance(destination)).toBe(6_000_000n);
  await chain.transferToken(token, deposit, 1_000_000n);
  // A plain sweep by the thief still pays the destination.
  const again = await chain.wallet(attacker).writeContract({
    address: deposit,
    abi: forwarderAbi,
    functionName: "sweep",
    args: [token],
  });
  await chain.public.waitForTransactionReceipt({ hash: again });
  expect(await balance(destination)).toBe(7_000_000n);
  expect(await balance(thief)).toBe(0n);
});

test("a batch sweep pays each forwarder's own destination only: naming another destination for a salt sweeps nothing of it", async () => {
  const { factory } = await chain.deployDepositFactory();
  const token = await chain.deployToken("BAT", 6);
  const thief = devAccounts[attacker]!.address;
  const shops = [0, 1, 2].map(() => privateKeyToAccount(generatePrivateKey()).address);
  const salts = shops.map((_, i) => keccak256(stringToHex(`pay_batch_${i}`)));
  const predict = (destination: Address, salt: Hex) =>
    chain.public.readContract({
      address: factory,
      abi: factoryAbi,
      functionName: "predict",
      args: [destination, salt],
    });
  const balance = (holder: Address) =>
    chain.public.readContract({ address: token, abi: erc20, functionName: "balanceOf", args: [holder] });
  const deposits = await Promise.all(shops.map((shop, i) => predict(shop, salts[i]!)));
  for (const [i, deposit] of deposits.entries())
    await chain.transferToken(token, deposit, BigInt(i + 1) * 1_000_000n);
  await chain.sendEth(deposits[2]!, 10n ** 15n);
  const sweepMany = async (sweeps: { destination: Address; salt: Hex; tokens: Address[] }[]) => {
    const hash = await chain.wallet(attacker).writeContract({
      address: factory,
      abi: factoryAbi,
      functionName: "deployAndSweepMany",
      args: [sweeps],
      gas: 2_000_000n,
    });
    return (await chain.public.waitForTransactionReceipt({ hash })).status;
  };

  // The thief's batch names itself for every salt (and mixes in one real item): only the real one moves, to its shop.
  expect(
    await sweepMany([
      ...salts.map((salt) => ({ destination: thief, salt, tokens: [token, zeroAddress] })),
      { destination: shops[0]!, salt: salts[0]!, tokens: [token] },
    ]),
  ).toBe("success");
  expect(await balance(thief)).toBe(0n);
  expect(await balance(shops[0]!)).toBe(1_000_000n);
  expect(await balance(deposits[1]!)).toBe(2_000_000n);
  expect(await balance(deposits[2]!)).toBe(3_000_000n);
  // One salt under another shop's destination is yet another address: it holds nothing, so nothing moves.
  expect(await sweepMany([{ destination: shops[1]!, salt: salts[2]!, tokens: [token, zeroAddress] }])).toBe(
    "success",
  );
  expect(await balance(shops[1]!)).toBe(0n);
  expect(await balance(deposits[2]!)).toBe(3_000_000n);

  // The real batch: each deposit address empties into its own shop, exactly what it held, the native coin too.
  expect(
    await sweepMany(
      shops.map((destination, i) => ({ destination, salt: salts[i]!, tokens: [token, zeroAddress] })),
    ),
  ).toBe("success");
  expect(await Promise.all(shops.map(balance))).toEqual([1_000_000n, 2_000_000n, 3_000_000n]);
  expect(await chain.public.getBalance({ address: shops[2]! })).toBe(10n ** 15n);
  expect(await chain.public.getBalance({ address: shops[0]! })).toBe(0n);
  expect(await Promise.all(deposits.map(balance))).toEqual([0n, 0n, 0n]);
  expect(await balance(thief)).toBe(0n);
});
