import { createWalletClient, getAddress, http, parseAbi, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { APIRequestContext } from "@playwright/test";
import { ApiClient, expect, freshKey, test } from "../support/api";
import {
  LocalChain,
  localCaip2,
  localChainId,
  relayerAddress,
  relayerKey,
  signTypedJson,
} from "../support/chain";
import { LiveServer } from "../support/live-server";
import { rpcProxy } from "../support/rpc-proxy";
import { extraPort, localChainRpc } from "../support/settings";

// An instance that dies while relaying a gasless payment leaves its submission claimed and unfinished.
// Another instance (here: the same one restarted) finishes it exactly once: it resends what was never
// broadcast, and verifies what was broadcast (found through the token's AuthorizationUsed log).

const chain = new LocalChain(localChainRpc);
const erc20 = parseAbi(["function balanceOf(address) view returns (uint256)"]);

let token: Address;
let proxy: ReturnType<typeof rpcProxy>;
let live: LiveServer;
let request: APIRequestContext;
let api: ApiClient;

// One instance for the file, reaching the chain through a proxy the tests turn against it.
test.beforeAll(async ({ playwright, documents }) => {
  token = getAddress(await chain.deployAuthToken("Crash Dollar", "CRSH"));
  proxy = rpcProxy(extraPort(2));
  await proxy.listen();
  live = new LiveServer(extraPort(3), {
    [`CHAIN_RPC_EIP155_${localChainId}`]: proxy.url,
    [`RELAYER_KEY_EIP155_${localChainId}`]: relayerKey,
    RELAYER_STALE_CLAIM_MS: String(staleClaimMs),
    [`SPONSORED_TOKENS_EIP155_${localChainId}`]: `${token}:Crash Dollar:2`,
  });
  request = await playwright.request.newContext({ baseURL: live.url });
  api = new ApiClient(request, documents, { "Api-Key": live.liveKey });
});

test.afterAll(async () => {
  await request?.dispose();
  await live?.dispose();
  await proxy?.close();
});

const staleClaimMs = 1500;

test("a relay cut short by a crash is finished once after restart: resent if never broadcast, verified if it was", async () => {
  test.setTimeout(240_000);
  const signedPayment = (value: bigint) => signedPaymentOf(api, token, value);
  const balance = (owner: Address) =>
    chain.public.readContract({ address: token, abi: erc20, functionName: "balanceOf", args: [owner] });
  const nonce = () => chain.public.getTransactionCount({ address: relayerAddress });
  const status = async (paymentId: string) => (await api.get(`/v1/gateway/payment/${paymentId}/status`)).body;
  // The confirm never answers: the instance dies under it.
  const confirm = (p: { paymentId: string; confirm: unknown }) =>
    fetch(`${live.url}/v1/gateway/payment/${p.paymentId}/confirm`, {
      method: "POST",
      headers: { "Api-Key": live.liveKey, "Content-Type": "application/json" },
      body: JSON.stringify(p.confirm),
    }).catch(() => {});

  try {
    await live.start();
    const lost = await signedPayment(1_100_000n);
    const unanswered = await signedPayment(2_200_000n);
    const before = await nonce();

    // 1. The transaction reaches the chain, but the instance dies before hearing so.
    proxy.set("send-then-hang");
    void confirm(unanswered);
    await expect.poll(() => nonce(), { timeout: 15_000 }).toBe(before + 1);
    await live.crash();

    // 2. After a restart, a transaction that never leaves: the instance dies while sending it.
    proxy.set("drop");
    await live.start();
    const sendsBefore = proxy.sends();
    void confirm(lost);
    await expect.poll(() => proxy.sends(), { timeout: 15_000 }).toBeGreaterThan(sendsBefore); // in flight, held by the proxy
    await live.crash();
    expect(await nonce()).toBe(before + 1);

    // Restarted with a working chain connection: both are finished, each with one transfer.
    proxy.set("pass");
    await chain.mine(3, { sameTimestamp: true });
    await live.start();
    const mineUntil = async (paymentId: string) => {
      await expect
        .poll(
          async () => {
            await chain.mine(1, { sameTimestamp: true });
            return (await status(paymentId)).status;
          },
          { timeout: 60_000, intervals: [500] },
        )
        .toBe("succeeded");
    };
    await mineUntil(unanswered.paymentId);
    await mineUntil(lost.paymentId);
    expect(await nonce()).toBe(before + 2);
    expect(await balance(lost.destination)).toBe(1_100_000n);
    expect(await balance(unanswered.destination)).toBe(2_200_000n);
    for (const p of [lost, unanswered]) {
      const txId = (await status(p.paymentId)).info.txId as Hex;
      expect(getAddress((await chain.public.getTransactionReceipt({ hash: txId })).from)).toBe(
        relayerAddress,
      );
    }
  } finally {
    proxy.set("pass");
  }
});

test("a relay dropped from the mempool, or replaced at its nonce, is sent again with the same authorization: the payment succeeds", async () => {
  if (!live.server) await live.start();
  const status = async (paymentId: string) => (await api.get(`/v1/gateway/payment/${paymentId}/status`)).body;
  const balance = (owner: Address) =>
    chain.public.readContract({ address: token, abi: erc20, functionName: "balanceOf", args: [owner] });
  const relayer = createWalletClient({
    account: privateKeyToAccount(relayerKey),
    chain: chain.chain,
    transport: http(localChainRpc),
  });
  /** Confirms with the relay's broadcast answered as a node would, but lost: it never reaches the chain. */
  const confirmLost = async (p: Awaited<ReturnType<typeof signedPaymentOf>>) => {
    proxy.set("swallow");
    try {
      const confirmed = await api.post(`/v1/gateway/payment/${p.paymentId}/confirm`, p.confirm);
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect(confirmed.body.status).toBe("processing");
    } finally {
      proxy.set("pass");
    }
  };
  // Recovery looks after RELAYER_STALE_CLAIM_MS and sweeps as often: well within this bound.
  const succeeds = async (p: { paymentId: string; destination: Address }, value: bigint) => {
    await expect
      .poll(
        async () => {
          await chain.mine(1, { sameTimestamp: true });
          return (await status(p.paymentId)).status;
        },
        { timeout: 20 * staleClaimMs, intervals: [500] },
      )
      .toBe("succeeded");
    expect(await balance(p.destination)).toBe(value);
    const txId = (await status(p.paymentId)).info.txId as Hex;
    expect(getAddress((await chain.public.getTransactionReceipt({ hash: txId })).from)).toBe(relayerAddress);
  };

  const dropped = await signedPaymentOf(api, token, 1_300_000n);
  await confirmLost(dropped);
  await succeeds(dropped, 1_300_000n);

  const replaced = await signedPaymentOf(api, token, 1_400_000n);
  const nonce = await chain.public.getTransactionCount({ address: relayerAddress });
  await confirmLost(replaced);
  // Another transaction of the relayer's account takes the lost relay's nonce.
  await chain.public.waitForTransactionReceipt({
    hash: await relayer.sendTransaction({ to: relayerAddress, value: 0n, nonce }),
  });
  await succeeds(replaced, 1_400_000n);
});

test("with a slow RPC, recovery never takes over a relay that is still running: one transfer, the payment succeeds, the option stays confirmed", async () => {
  if (!live.server) await live.start();
  const paying = await signedPaymentOf(api, token, 1_500_000n);
  const nonce = await chain.public.getTransactionCount({ address: relayerAddress });
  // Every RPC answer takes longer than the stale-claim time: the relay outlives it several times over.
  proxy.delay(staleClaimMs + 500);
  const confirmed = await api
    .post<{ status: string }>(`/v1/gateway/payment/${paying.paymentId}/confirm`, paying.confirm)
    .finally(() => proxy.delay(0));
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  expect(confirmed.body.status).toBe("processing");
  await chain.mine(3, { sameTimestamp: true });
  await expect
    .poll(async () => (await api.get(`/v1/gateway/payment/${paying.paymentId}/status`)).body.status, {
      timeout: 30_000,
    })
    .toBe("succeeded");
  expect(await chain.public.getTransactionCount({ address: relayerAddress })).toBe(nonce + 1);
  // The same confirm still answers the same: the option was never reopened as failed.
  const again = await api.post(`/v1/gateway/payment/${paying.paymentId}/confirm`, paying.confirm);
  expect(again.body.status).toBe("succeeded");
});

test("a relay whose broadcast was lost never holds up the next buyer's: that one is mined at once, and the lost one is sent again", async () => {
  if (!live.server) await live.start();
  const status = async (paymentId: string) => (await api.get(`/v1/gateway/payment/${paymentId}/status`)).body;
  const nonce = () => chain.public.getTransactionCount({ address: relayerAddress });
  const lost = await signedPaymentOf(api, token, 1_600_000n);
  const next = await signedPaymentOf(api, token, 1_700_000n);
  const before = await nonce();
  // The relayer gives the lost relay nonce N; the node never hears of it.
  proxy.set("swallow");
  try {
    const confirmed = await api.post(`/v1/gateway/payment/${lost.paymentId}/confirm`, lost.confirm);
    expect(confirmed.body.status).toBe("processing");
  } finally {
    proxy.set("pass");
  }
  // The next buyer's relay is not queued behind the hole at N (a node refuses or holds it): it is mined.
  const confirmed = await api.post(`/v1/gateway/payment/${next.paymentId}/confirm`, next.confirm);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  expect(confirmed.body.status).toBe("processing");
  expect(await nonce()).toBe(before + 1);
  for (const [p, value] of [
    [next, 1_700_000n],
    [lost, 1_600_000n],
  ] as const) {
    await expect
      .poll(
        async () => {
          await chain.mine(1, { sameTimestamp: true });
          return (await status(p.paymentId)).status;
        },
        { timeout: 20 * staleClaimMs, intervals: [500] },
      )
      .toBe("succeeded");
    expect(
      await chain.public.readContract({
        address: token,
        abi: erc20,
        functionName: "balanceOf",
        args: [p.destination],
      }),
    ).toBe(value);
  }
  // Two relays, two transactions: the hole was filled, not skipped.
  expect(await nonce()).toBe(before + 2);
});

test("a relay stuck in the mempool below the fee holds up the relayer's later ones only until it is sent again at its nonce for more: both payments succeed", async () => {
  if (!live.server) await live.start();
  const status = async (paymentId: string) => (await api.get(`/v1/gateway/payment/${paymentId}/status`)).body;
  const nonce = () => chain.public.getTransactionCount({ address: relayerAddress });
  const stuck = await signedPaymentOf(api, token, 1_800_000n);
  const behind = await signedPaymentOf(api, token, 1_900_000n);
  const before = await nonce();
  const { baseFeePerGas } = await chain.public.getBlock();
  await chain.automine(false);
  try {
    const first = await api.post(`/v1/gateway/payment/${stuck.paymentId}/confirm`, stuck.confirm);
    expect(first.body.status, JSON.stringify(first.body)).toBe("processing");
    // Fees jump before it is mined: its fee is too low from now on, so it stays in the mempool.
    await chain.setNextBaseFee(1000n * 10n ** 9n);
    await chain.mine(1);
    expect(await nonce()).toBe(before);
    // The next relay is priced for the new fee but has the nonce after the stuck one.
    const second = await api.post(`/v1/gateway/payment/${behind.paymentId}/confirm`, behind.confirm);
    expect(second.body.status, JSON.stringify(second.body)).toBe("processing");
    await chain.mine(1);
    expect(await nonce()).toBe(before);
    // Recovery sends the stuck authorization again at its nonce with more fee; both are then mined.
    for (const p of [stuck, behind])
      await expect
        .poll(
          async () => {
            await chain.mine(1, { sameTimestamp: true });
            return (await status(p.paymentId)).status;
          },
          { timeout: 20 * staleClaimMs, intervals: [500] },
        )
        .toBe("succeeded");
    expect(await nonce()).toBe(before + 2);
  } finally {
    await chain.automine(true);
    await chain.setNextBaseFee(baseFeePerGas ?? 1n);
    await chain.mine(1);
  }
});

/** A gasless payment of `token` whose buyer has signed; confirming it starts the relay. */
async function signedPaymentOf(api: ApiClient, token: Address, value: bigint) {
  const asset = `${localCaip2}/erc20:${token}`;
  const destination = privateKeyToAccount(generatePrivateKey()).address;
  const merchant = (
    await api.post(
      "/v1/merchants",
      { merchantName: "Crash Shop", merchantEmail: "crash@shop.example" },
      { idempotencyKey: freshKey() },
    )
  ).body.merchant;
  await api.post(
    `/v1/merchants/${merchant.id}/settlements/crypto`,
    { settlements: [{ asset, destination: `${localCaip2}:${destination}` }] },
    { idempotencyKey: freshKey() },
  );
  const payment = (
    await api.post(
      "/v1/payments",
      { referenceId: `crash-${Date.now()}`, amount: { unit: `caip19/${asset}`, value: value.toString() } },
      { merchantId: merchant.id },
    )
  ).body;
  const buyer = privateKeyToAccount(generatePrivateKey());
  await chain.transferToken(token, buyer.address, value);
  const [option] = (
    await api.post(`/v1/gateway/payment/${payment.id}/options`, {
      accounts: [`${localCaip2}:${buyer.address}`],
    })
  ).body.options;
  const signature = await signTypedJson(buyer, option.actions[0].data.params[1] as string);
  return {
    paymentId: payment.id as string,
    destination,
    confirm: { optionId: option.id as string, results: [{ type: "walletRpc", data: [signature] }] },
  };
}
