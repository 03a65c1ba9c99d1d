import http from "node:http";
import { getAddress, parseAbi, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { ApiClient, expect, freshKey, test } from "../support/api";
import { LocalChain, localCaip2, localChainId, relayerAddress, relayerKey } from "../support/chain";
import { LiveServer } from "../support/live-server";
import { extraPort, localChainRpc } from "../support/settings";

// An instance that dies while relaying a gasless payment leaves its submission claimed and unfinished.
// Another instance (here: the same one restarted) finishes it exactly once: it resends what was never
// broadcast, and verifies what was broadcast (found through the token's AuthorizationUsed log).

const chain = new LocalChain(localChainRpc);
const erc20 = parseAbi(["function balanceOf(address) view returns (uint256)"]);

/** A JSON-RPC proxy in front of the local chain that can lose a transaction or the answer to it. */
function rpcProxy(port: number) {
  let onSend: "pass" | "drop" | "send-then-hang" = "pass";
  let sends = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const body = Buffer.concat(chunks).toString();
      const sending = /"eth_sendRawTransaction"/.test(body);
      if (sending) sends++;
      if (sending && onSend === "drop") return; // never forwarded, never answered
      const answer = await fetch(localChainRpc, { method: "POST", headers: { "Content-Type": "application/json" }, body }).then((r) => r.text());
      if (sending && onSend === "send-then-hang") return; // on the chain, but the sender never learns it
      res.writeHead(200, { "Content-Type": "application/json" }).end(answer);
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    set: (mode: typeof onSend) => (onSend = mode),
    sends: () => sends,
    listen: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

test("a relay cut short by a crash is finished once after restart: resent if never broadcast, verified if it was", async ({ playwright, documents }) => {
  test.setTimeout(240_000);
  const token = getAddress(await chain.deployAuthToken("Crash Dollar", "CRSH"));
  const asset = `${localCaip2}/erc20:${token}`;
  const proxy = rpcProxy(extraPort(2));
  await proxy.listen();
  const live = new LiveServer(extraPort(3), {
    [`CHAIN_RPC_EIP155_${localChainId}`]: proxy.url,
    [`RELAYER_KEY_EIP155_${localChainId}`]: relayerKey,
    RELAYER_STALE_CLAIM_MS: "1500",
  });
  const request = await playwright.request.newContext({ baseURL: live.url });
  const api = new ApiClient(request, documents, { "Api-Key": live.liveKey });

  /** A gasless payment whose buyer has signed; confirming it starts the relay. */
  async function signedPayment(value: bigint) {
    const destination = privateKeyToAccount(generatePrivateKey()).address;
    const merchant = (await api.post("/v1/merchants", { merchantName: "Crash Shop", merchantEmail: "crash@shop.example" }, { idempotencyKey: freshKey() })).body.merchant;
    await api.post(`/v1/merchants/${merchant.id}/settlements/crypto`, { settlements: [{ asset, destination: `${localCaip2}:${destination}` }] }, { idempotencyKey: freshKey() });
    const payment = (await api.post("/v1/payments", { referenceId: `crash-${Date.now()}`, amount: { unit: `caip19/${asset}`, value: value.toString() } }, { merchantId: merchant.id })).body;
    const buyer = privateKeyToAccount(generatePrivateKey());
    await chain.transferToken(token, buyer.address, value);
    const [option] = (await api.post(`/v1/gateway/payment/${payment.id}/options`, { accounts: [`${localCaip2}:${buyer.address}`] })).body.options;
    const signature = await signTyped(buyer, option.actions[0].data.params[1] as string);
    return { paymentId: payment.id as string, destination, confirm: { optionId: option.id as string, results: [{ type: "walletRpc", data: [signature] }] } };
  }
  const balance = (owner: Address) => chain.public.readContract({ address: token, abi: erc20, functionName: "balanceOf", args: [owner] });
  const nonce = () => chain.public.getTransactionCount({ address: relayerAddress });
  const status = async (paymentId: string) => (await api.get(`/v1/gateway/payment/${paymentId}/status`)).body;
  // The confirm never answers: the instance dies under it.
  const confirm = (p: { paymentId: string; confirm: unknown }) =>
    fetch(`${live.url}/v1/gateway/payment/${p.paymentId}/confirm`, { method: "POST", headers: { "Api-Key": live.liveKey, "Content-Type": "application/json" }, body: JSON.stringify(p.confirm) }).catch(() => {});

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
        .poll(async () => {
          await chain.mine(1, { sameTimestamp: true });
          return (await status(paymentId)).status;
        }, { timeout: 60_000, intervals: [500] })
        .toBe("succeeded");
    };
    await mineUntil(unanswered.paymentId);
    await mineUntil(lost.paymentId);
    expect(await nonce()).toBe(before + 2);
    expect(await balance(lost.destination)).toBe(1_100_000n);
    expect(await balance(unanswered.destination)).toBe(2_200_000n);
    for (const p of [lost, unanswered]) {
      const txId = (await status(p.paymentId)).info.txId as Hex;
      expect(getAddress((await chain.public.getTransactionReceipt({ hash: txId })).from)).toBe(relayerAddress);
    }
  } finally {
    proxy.set("pass");
    await request.dispose();
    await live.dispose();
    await proxy.close();
  }
});

async function signTyped(wallet: PrivateKeyAccount, json: string): Promise<Hex> {
  const typed = JSON.parse(json);
  const types = Object.fromEntries(Object.entries(typed.types).filter(([name]) => name !== "EIP712Domain")) as Record<string, { name: string; type: string }[]>;
  return wallet.signTypedData({ domain: typed.domain, types, primaryType: typed.primaryType, message: typed.message });
}
