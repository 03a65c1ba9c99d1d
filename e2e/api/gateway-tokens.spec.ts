import {
  BaseError,
  createWalletClient,
  decodeErrorResult,
  encodeFunctionData,
  getAddress,
  http,
  parseAbi,
  type Address,
  type Hex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import type { Action } from "@walletconnect/pay";
import { compileContract } from "@/contracts/compile";
import { readFixtures, type Fixtures } from "../support/fixtures-data";
import { expect, freshKey, test, type ApiClient } from "../support/api";
import { LocalChain, localCaip2, relayerKey, signTypedJson } from "../support/chain";
import { localChainRpc } from "../support/settings";
import { runSql } from "../support/test-control";
import { payWithWalletConnectSdk, walletConnectPayClient } from "../support/walletconnect-pay";

// Gas sponsored for every token (issue 28): WalletConnect Pay's own SDK (`@walletconnect/pay`,
// unmodified) pays, on the local chain, in the suite's Tether-like token (no permit, no EIP-3009,
// `approve` from 0 only), its permit token and its euro stablecoin with EIP-3009, from a buyer with
// no native gas for the payments; the merchant's destination receives exactly the amount. Then the
// collector itself, on the Hardhat node, refuses everything but what the buyer signed.

const chain = new LocalChain(localChainRpc);
const erc20 = parseAbi([
  "function balanceOf(address) view returns (uint256)",
  "function approve(address spender, uint256 value) returns (bool)",
  "function allowance(address owner, address spender) view returns (uint256)",
]);
let fixtures: Fixtures;

test.beforeAll(() => {
  fixtures = readFixtures();
});

/** What a wallet does with each action: signs typed data, or sends the transaction and waits for it to be mined. */
async function perform(wallet: PrivateKeyAccount, action: Action): Promise<Hex> {
  const params = JSON.parse(action.walletRpc.params);
  if (action.walletRpc.method === "eth_sendTransaction") {
    const [tx] = params as [{ from: string; to: Address; data: Hex; value: Hex }];
    expect(getAddress(tx.from)).toBe(wallet.address);
    const client = createWalletClient({
      account: wallet,
      chain: chain.chain,
      transport: http(localChainRpc),
    });
    const hash = await client.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) });
    expect((await chain.public.waitForTransactionReceipt({ hash })).status).toBe("success");
    return hash;
  }
  expect(action.walletRpc.method).toBe("eth_signTypedData_v4");
  const [from, json] = params as [string, string];
  expect(getAddress(from)).toBe(wallet.address);
  return signTypedJson(wallet, json);
}

/** The buyer approves the collector themselves (paying the gas), as a wallet would outside Tollgate. */
async function approveCollector(buyer: PrivateKeyAccount, token: Address, value: bigint) {
  const wallet = createWalletClient({ account: buyer, chain: chain.chain, transport: http(localChainRpc) });
  const hash = await wallet.writeContract({
    address: token,
    abi: erc20,
    functionName: "approve",
    args: [getAddress(fixtures.collector), value],
  });
  expect((await chain.public.waitForTransactionReceipt({ hash })).status).toBe("success");
}

async function liveMerchant(api: ApiClient, token: Address) {
  const asset = `${localCaip2}/erc20:${token}`;
  const destination = privateKeyToAccount(generatePrivateKey()).address;
  const merchant = (
    await api.post(
      "/v1/merchants",
      { merchantName: "Token Shop", merchantEmail: "tokens@shop.example" },
      { idempotencyKey: freshKey() },
    )
  ).body.merchant;
  const settled = await api.post(
    `/v1/merchants/${merchant.id}/settlements/crypto`,
    { settlements: [{ asset, destination: `${localCaip2}:${destination}` }] },
    { idempotencyKey: freshKey() },
  );
  expect(settled.status).toBe(201);
  return { merchant, asset, destination };
}

/** Creates a payment of `value` base units and pays it through the SDK; answers what the wallet was asked to do. */
async function payThroughSdk(
  api: ApiClient,
  shop: Awaited<ReturnType<typeof liveMerchant>>,
  buyer: PrivateKeyAccount,
  value: bigint,
) {
  const created = (
    await api.post(
      "/v1/payments",
      {
        referenceId: `tokens-${Date.now()}`,
        amount: { unit: `caip19/${shop.asset}`, value: value.toString() },
      },
      { merchantId: shop.merchant.id },
    )
  ).body;
  const methods: string[] = [];
  const sent: Hex[] = [];
  // The SDK's confirm holds until the payment is final, which takes blocks: mine while it waits.
  const miner = setInterval(() => void chain.mine(1, { sameTimestamp: true }), 250);
  try {
    const { result } = await payWithWalletConnectSdk(
      walletConnectPayClient({ apiKey: fixtures.accounts.a.keys.live }),
      created.gatewayUrl,
      [`${localCaip2}:${buyer.address}`],
      async (action) => {
        methods.push(action.walletRpc.method);
        const answer = await perform(buyer, action);
        if (action.walletRpc.method === "eth_sendTransaction") sent.push(answer);
        return answer;
      },
    );
    expect(result.status).toBe("succeeded");
  } finally {
    clearInterval(miner);
  }
  const status = (await api.get(`/v1/payments/${created.id}/status`, { merchantId: shop.merchant.id })).body;
  expect(status.status).toBe("succeeded");
  return { methods, sent, txId: status.info.txId as Hex };
}

const balance = (token: Address, owner: Address) =>
  chain.public.readContract({ address: token, abi: erc20, functionName: "balanceOf", args: [owner] });

async function gasPaid(hashes: Hex[]): Promise<bigint> {
  let total = 0n;
  for (const hash of hashes) {
    const receipt = await chain.public.getTransactionReceipt({ hash });
    total += receipt.gasUsed * receipt.effectiveGasPrice;
  }
  return total;
}

test("a Tether-like token: the buyer's one approval (reset to 0 first, as Tether requires) is their only gas; then a buyer with no native gas pays with one signature", async ({
  apiAs,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
  const token = getAddress(fixtures.tetherToken);
  const shop = await liveMerchant(api, token);
  const buyer = privateKeyToAccount(generatePrivateKey());
  await chain.transferToken(token, buyer.address, 20_000_000n);
  await chain.sendEth(buyer.address, 10n ** 16n);
  // An allowance too small is already there: Tether refuses to change it to anything but 0.
  await approveCollector(buyer, token, 1n);
  const ethBefore = await chain.public.getBalance({ address: buyer.address });

  const first = await payThroughSdk(api, shop, buyer, 3_100_000n);
  expect(first.methods).toEqual(["eth_sendTransaction", "eth_sendTransaction", "eth_signTypedData_v4"]);
  expect(await balance(token, shop.destination)).toBe(3_100_000n);
  // The payment itself was relayed: what the buyer spent is exactly the two approvals' gas.
  expect(ethBefore - (await chain.public.getBalance({ address: buyer.address }))).toBe(
    await gasPaid(first.sent),
  );
  const relayed = await chain.public.getTransaction({ hash: first.txId });
  expect(getAddress(relayed.to!)).toBe(getAddress(fixtures.collector));
  expect(getAddress(relayed.from)).toBe(privateKeyToAccount(relayerKey).address);

  // No native gas at all now: the next payment is one signature.
  await chain.setBalance(buyer.address, 0n);
  const second = await payThroughSdk(api, shop, buyer, 1_250_000n);
  expect(second.methods).toEqual(["eth_signTypedData_v4"]);
  expect(await balance(token, shop.destination)).toBe(4_350_000n);
  expect(await chain.public.getBalance({ address: buyer.address })).toBe(0n);
  expect(await balance(token, getAddress(fixtures.collector))).toBe(0n);
});

test("a permit token: a buyer who never held native gas signs a permit and the payment, then only the payment", async ({
  apiAs,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
  const token = getAddress(fixtures.permitToken);
  const shop = await liveMerchant(api, token);
  const buyer = privateKeyToAccount(generatePrivateKey());
  await chain.transferToken(token, buyer.address, 10n ** 19n);

  const first = await payThroughSdk(api, shop, buyer, 25n * 10n ** 17n);
  expect(first.methods).toEqual(["eth_signTypedData_v4", "eth_signTypedData_v4"]);
  expect(await balance(token, shop.destination)).toBe(25n * 10n ** 17n);
  const second = await payThroughSdk(api, shop, buyer, 10n ** 18n);
  expect(second.methods).toEqual(["eth_signTypedData_v4"]);
  expect(await balance(token, shop.destination)).toBe(35n * 10n ** 17n);
  expect(await chain.public.getBalance({ address: buyer.address })).toBe(0n);
});

test("a euro stablecoin with EIP-3009: one transferWithAuthorization signature, no native gas", async ({
  apiAs,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
  const token = getAddress(fixtures.euroToken);
  const shop = await liveMerchant(api, token);
  const buyer = privateKeyToAccount(generatePrivateKey());
  await chain.transferToken(token, buyer.address, 9_000_000n);
  const paid = await payThroughSdk(api, shop, buyer, 4_990_000n);
  expect(paid.methods).toEqual(["eth_signTypedData_v4"]);
  const relayed = await chain.public.getTransaction({ hash: paid.txId });
  expect(getAddress(relayed.to!)).toBe(token);
  expect(await balance(token, shop.destination)).toBe(4_990_000n);
  expect(await chain.public.getBalance({ address: buyer.address })).toBe(0n);
});

test("a quote asked again after the buyer approved the collector no longer asks for the approval", async ({
  apiAs,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
  const token = getAddress(fixtures.tetherToken);
  const shop = await liveMerchant(api, token);
  const buyer = privateKeyToAccount(generatePrivateKey());
  await chain.transferToken(token, buyer.address, 5_000_000n);
  await chain.sendEth(buyer.address, 10n ** 16n);
  const created = (
    await api.post(
      "/v1/payments",
      { referenceId: `requote-${Date.now()}`, amount: { unit: `caip19/${shop.asset}`, value: "1500000" } },
      { merchantId: shop.merchant.id },
    )
  ).body;
  const client = walletConnectPayClient({ apiKey: fixtures.accounts.a.keys.live });
  const methods = async () => {
    const options = await client.getPaymentOptions({
      paymentLink: created.gatewayUrl,
      accounts: [`${localCaip2}:${buyer.address}`],
      includePaymentInfo: true,
    });
    const option = options.options[0]!;
    const actions = option.actions.length
      ? option.actions
      : await client.getRequiredPaymentActions({ paymentId: options.paymentId, optionId: option.id });
    return { id: option.id, methods: actions.map((a) => a.walletRpc.method) };
  };
  const first = await methods();
  expect(first.methods).toEqual(["eth_sendTransaction", "eth_signTypedData_v4"]);
  // Asked again unchanged, the same quote is answered.
  expect(await methods()).toEqual(first);
  // The buyer approves elsewhere (another shop's checkout, their wallet): the next answer is one signature.
  await approveCollector(buyer, token, 10n ** 12n);
  const second = await methods();
  expect(second.methods).toEqual(["eth_signTypedData_v4"]);
  expect(second.id).not.toBe(first.id);
});

test("a payment whose signature someone else executed first is the money moving, not a failed relay: it is paid once", async ({
  apiAs,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
  const token = getAddress(fixtures.tetherToken);
  const shop = await liveMerchant(api, token);
  const buyer = privateKeyToAccount(generatePrivateKey());
  await chain.transferToken(token, buyer.address, 5_000_000n);
  await chain.sendEth(buyer.address, 10n ** 16n);
  await approveCollector(buyer, token, 10n ** 12n);
  const created = (
    await api.post(
      "/v1/payments",
      { referenceId: `front-run-${Date.now()}`, amount: { unit: `caip19/${shop.asset}`, value: "2000000" } },
      { merchantId: shop.merchant.id },
    )
  ).body;
  const collectAbi = parseAbi([
    "struct Payment { string paymentId; address token; uint256 amount; address destination; bytes32 nonce; uint256 deadline; }",
    "function collect(address payer, Payment payment, bytes signature)",
  ]);
  let frontRun: Hex | undefined;
  const miner = setInterval(() => void chain.mine(1, { sameTimestamp: true }), 250);
  try {
    const { result } = await payWithWalletConnectSdk(
      walletConnectPayClient({ apiKey: fixtures.accounts.a.keys.live }),
      created.gatewayUrl,
      [`${localCaip2}:${buyer.address}`],
      async (action) => {
        const signature = (await perform(buyer, action)) as Hex;
        const typed = JSON.parse(JSON.parse(action.walletRpc.params)[1]);
        if (typed.primaryType !== "Payment") return signature;
        // Whoever saw the signature (a node, a wallet's backend) executes it before Tollgate's relayer does.
        const m = typed.message;
        frontRun = await chain.wallet(3).writeContract({
          address: getAddress(fixtures.collector),
          abi: collectAbi,
          functionName: "collect",
          args: [buyer.address, { ...m, amount: BigInt(m.amount), deadline: BigInt(m.deadline) }, signature],
        });
        expect((await chain.public.waitForTransactionReceipt({ hash: frontRun })).status).toBe("success");
        return signature;
      },
    );
    expect(result.status).toBe("succeeded");
  } finally {
    clearInterval(miner);
  }
  const status = (await api.get(`/v1/payments/${created.id}/status`, { merchantId: shop.merchant.id })).body;
  expect(status.status).toBe("succeeded");
  expect(status.info.txId).toBe(frontRun);
  expect(await balance(token, shop.destination)).toBe(2_000_000n);
  // The relayer's refusal (NonceAlreadyUsed, decoded from the collector's revert) is the money moving:
  // the relay itself found and recorded the transaction that used the signature, without waiting for
  // the recovery sweep (a minute later), and nothing failed.
  expect(
    (
      await runSql(
        `UPDATE "PaymentEvent" SET "type" = "type" WHERE "paymentId" = $1 AND "type" = 'payment.transaction_submitted' AND "data"->>'txHash' = $2 AND "data"->>'recovered' = 'false'`,
        created.id,
        frontRun!,
      )
    ).count,
  ).toBe(1);
  expect(
    (
      await runSql(
        `UPDATE "RelayerSubmission" SET "status" = "status" WHERE "paymentId" = $1 AND "status" = 'failed'`,
        created.id,
      )
    ).count,
  ).toBe(0);
  expect(
    (
      await runSql(
        `UPDATE "PaymentEvent" SET "type" = "type" WHERE "paymentId" = $1 AND "type" LIKE '%relay_failed%'`,
        created.id,
      )
    ).count,
  ).toBe(0);
});

test("the collector moves only what the buyer signed: not to another destination, not more, not twice, not late; it holds nothing", async () => {
  const { abi } = compileContract("TollgateCollector");
  const collector = getAddress(fixtures.collector);
  const token = getAddress(fixtures.permitToken);
  const buyer = privateKeyToAccount(generatePrivateKey());
  const relayer = privateKeyToAccount(relayerKey);
  const destination = privateKeyToAccount(generatePrivateKey()).address;
  await chain.transferToken(token, buyer.address, 10n ** 20n);
  await chain.sendEth(buyer.address, 10n ** 16n);
  await approveCollector(buyer, token, 10n ** 20n);
  const now = (await chain.public.getBlock()).timestamp;
  const payment = {
    paymentId: "pay_collectorRefusesOthers0",
    token,
    amount: 10n ** 18n,
    destination,
    nonce: `0x${"ab".repeat(32)}` as Hex,
    deadline: now + 600n,
  };
  const domain = {
    name: "Tollgate Collector",
    version: "1",
    chainId: chain.chain.id,
    verifyingContract: collector,
  };
  const types = {
    Payment: [
      { name: "paymentId", type: "string" },
      { name: "token", type: "address" },
      { name: "amount", type: "uint256" },
      { name: "destination", type: "address" },
      { name: "nonce", type: "bytes32" },
      { name: "deadline", type: "uint256" },
    ],
  };
  const sign = (message: typeof payment) =>
    buyer.signTypedData({ domain, types, primaryType: "Payment", message });
  const signature = await sign(payment);
  // The suite's Hardhat answers a reverted eth_call with the revert data (throwOnCallFailures: false).
  const refusal = async (p: typeof payment, sig: Hex) => {
    const data = encodeFunctionData({ abi, functionName: "collect", args: [buyer.address, p, sig] });
    const answer = await chain.public.call({ account: relayer, to: collector, data }).then(
      (r) => r.data,
      (error: unknown) =>
        error instanceof BaseError
          ? (error.walk((e) => !!(e as { data?: unknown }).data) as { data?: Hex } | null)?.data
          : undefined,
    );
    if (!answer || answer === "0x") return "accepted";
    return decodeErrorResult({ abi, data: answer }).errorName;
  };

  const thief = privateKeyToAccount(generatePrivateKey()).address;
  expect(await refusal({ ...payment, destination: thief }, signature)).toBe("InvalidSignature");
  expect(await refusal({ ...payment, amount: payment.amount + 1n }, signature)).toBe("InvalidSignature");
  expect(await refusal({ ...payment, paymentId: "pay_anotherPaymentEntirely0" }, signature)).toBe(
    "InvalidSignature",
  );
  // Signed by someone else than the payer it names.
  const stranger = privateKeyToAccount(generatePrivateKey());
  expect(
    await refusal(
      payment,
      await stranger.signTypedData({ domain, types, primaryType: "Payment", message: payment }),
    ),
  ).toBe("InvalidSignature");
  const late = { ...payment, nonce: `0x${"cd".repeat(32)}` as Hex, deadline: now - 1n };
  expect(await refusal(late, await sign(late))).toBe("PaymentExpired");

  const relayerWallet = createWalletClient({
    account: relayer,
    chain: chain.chain,
    transport: http(localChainRpc),
  });
  const hash = await relayerWallet.writeContract({
    address: collector,
    abi,
    functionName: "collect",
    args: [buyer.address, payment, signature],
  });
  expect((await chain.public.waitForTransactionReceipt({ hash })).status).toBe("success");
  expect(await balance(token, destination)).toBe(10n ** 18n);
  expect(await refusal(payment, signature)).toBe("NonceAlreadyUsed");
  expect(await balance(token, collector)).toBe(0n);
  // It takes no ether either.
  await expect(
    relayerWallet
      .sendTransaction({ to: collector, value: 1n, gas: 50_000n })
      .then((h) => chain.public.waitForTransactionReceipt({ hash: h })),
  ).resolves.toMatchObject({ status: "reverted" });
  expect(await chain.public.getBalance({ address: collector })).toBe(0n);
});
