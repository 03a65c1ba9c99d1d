import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import {
  encodeFunctionData,
  erc20Abi as erc20,
  getAddress,
  parseAbi,
  parseSignature,
  type Address,
  type Hash,
  type Hex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, test, type ApiClient } from "../support/api";
import { devAccounts, LocalChain, localCaip2, relayerAddress } from "../support/chain";
import { fundedBuyer, liveGatewayPayment, signAction, type Action } from "../support/gateway-wallet";
import { livePayment, merchantWallet } from "../support/live-payments";
import { readFixtures } from "../support/fixtures-data";
import { baseURL, localChainRpc, port } from "../support/settings";
import { runSql } from "../support/test-control";

// Who paid is proven, never guessed (issue 27): a transfer pays a payment only by the EIP-3009
// authorization it offered or a hash returned for it, on the local chain (3 confirmations).

const chain = new LocalChain(localChainRpc);
const eip3009 = parseAbi([
  "function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)",
]);
const stranger = 4;
let authToken: Address;
let plainToken: Address;

test.beforeAll(async () => {
  // The suite's own EIP-3009 token: the one the test server's gas sponsorship policy allow-lists.
  authToken = getAddress(readFixtures().authToken);
  plainToken = getAddress(await chain.deployToken("PLAINT", 6));
  await chain.transferToken(authToken, devAccounts[stranger]!.address, 10n ** 12n);
  await chain.transferToken(plainToken, devAccounts[3]!.address, 10n ** 12n);
});

/** How many rows match: the test server's SQL answers a count of rows changed, so this changes nothing in them. */
const rows = async (update: string, ...params: unknown[]) =>
  (await runSql(`UPDATE ${update}`, ...params)).count;

const hex32 = () => `0x${randomBytes(32).toString("hex")}`;

/** A checkout post sent from a given loopback address (the server sees each as a caller of its own). */
function postJson(
  localAddress: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        localAddress,
        headers: { "Content-Type": "application/json", Origin: `http://127.0.0.1:${port}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString() || "null") }),
        );
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

const wallet = () => privateKeyToAccount(generatePrivateKey()).address;

/** A gasless payment of `value` units, its buyer (tokens, no ETH), and the buyer's signed option. */
async function gaslessPayment(api: ApiClient, value: bigint) {
  const destination = wallet();
  const created = await liveGatewayPayment(
    api,
    `${localCaip2}/erc20:${authToken}`,
    value.toString(),
    destination,
  );
  const buyer = await fundedBuyer(chain, authToken, value);
  const base = `/v1/gateway/payment/${created.paymentId}`;
  const [option] = (await api.post(`${base}/options`, { accounts: [`${localCaip2}:${buyer.address}`] })).body
    .options;
  const action = option.actions[0] as Action;
  const signature = await signAction(buyer, action);
  const confirm = () =>
    api.post(`${base}/confirm`, { optionId: option.id, results: [{ type: "walletRpc", data: [signature] }] });
  const status = async () => (await api.get(`${base}/status`)).body;
  return { ...created, destination, buyer, base, option, action, signature, confirm, status };
}

/** A payment a wallet pays with its own transaction (a token without EIP-3009), and the account paying it. */
async function transactionPayment(api: ApiClient, value: bigint) {
  const destination = wallet();
  const created = await liveGatewayPayment(
    api,
    `${localCaip2}/erc20:${plainToken}`,
    value.toString(),
    destination,
  );
  const payer = devAccounts[3]!;
  const base = `/v1/gateway/payment/${created.paymentId}`;
  const option = async () =>
    (await api.post(`${base}/options`, { accounts: [`${localCaip2}:${payer.address}`] })).body.options[0] as {
      id: string;
      actions: Action[];
    };
  const confirm = (optionId: string, hash: Hash) =>
    api.post(`${base}/confirm`, { optionId, results: [{ type: "walletRpc", data: [hash] }] });
  return { ...created, destination, base, option, confirm };
}

test.describe("exact attribution", () => {
  test("a stranger's transfer racing a gasless relay never pays the payment: the buyer's authorization does", async ({
    apiAs,
    fixtures,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const paying = await gaslessPayment(api, 5_000_000n);
    let strangers: Hash;
    await chain.automine(false);
    try {
      // The relay is broadcast and waits in the mempool: the confirm answers it accepted.
      const confirmed = await paying.confirm();
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect(confirmed.body.status).toBe("processing");
      // A stranger sends more than the amount to the same wallet with a higher fee: it is mined first.
      strangers = await chain.sendTokenTransfer(
        authToken,
        paying.destination,
        100_000_000n,
        stranger,
        50n * 10n ** 9n,
      );
      await chain.mine(1);
    } finally {
      await chain.automine(true);
    }
    await chain.mine(3);
    await expect.poll(async () => (await paying.status()).status, { timeout: 30_000 }).toBe("succeeded");
    const { info } = await paying.status();
    expect(info.txId).not.toBe(strangers);
    const receipt = await chain.public.getTransactionReceipt({ hash: info.txId });
    expect(getAddress(receipt.from)).toBe(relayerAddress);
    expect(info.optionAmount.value).toBe("5000000");
    const payment = (await api.get(`/v1/payments/${paying.paymentId}`, { merchantId: paying.merchantId }))
      .body;
    expect(payment.exception).toBeNull();
    // Its timeline names neither the stranger's transfer nor a rejection of its own transaction.
    const mentions = (txHash: string, type = "%") =>
      rows(
        `"PaymentEvent" SET "type" = "type" WHERE "paymentId" = $1 AND lower("data"->>'txHash') = lower($2) AND "type" LIKE $3`,
        paying.paymentId,
        txHash,
        type,
      );
    expect(await mentions(strangers!)).toBe(0);
    expect(await mentions(info.txId, "payment.transfer_rejected")).toBe(0);
  });

  test("after a reorg, the buyer's authorization executed again by someone else pays the payment, the buyer as payer", async ({
    apiAs,
    fixtures,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const paying = await gaslessPayment(api, 3_000_000n);
    const snapshot = await chain.snapshot();
    expect((await paying.confirm()).body.status).toBe("processing");
    // The relay's block is reorganised out; a third party executes the same signed authorization.
    await chain.revert(snapshot);
    const message = JSON.parse(paying.action.data.params[1] as string).message as Record<string, string>;
    const { r, s, v, yParity } = parseSignature(paying.signature);
    const again = await chain.wallet(stranger).writeContract({
      address: authToken,
      abi: eip3009,
      functionName: "transferWithAuthorization",
      args: [
        getAddress(message.from!),
        getAddress(message.to!),
        BigInt(message.value!),
        BigInt(message.validAfter!),
        BigInt(message.validBefore!),
        message.nonce as Hex,
        Number(v ?? 27n + BigInt(yParity)),
        r,
        s,
      ],
    });
    await chain.public.waitForTransactionReceipt({ hash: again });
    await chain.mine(3);
    await expect.poll(async () => (await paying.status()).status, { timeout: 30_000 }).toBe("succeeded");
    expect((await paying.status()).info.txId).toBe(again);
    expect(
      await rows(
        `"Payment" SET "payerAddress" = "payerAddress" WHERE "id" = $1 AND lower("payerAddress") = lower($2)`,
        paying.paymentId,
        paying.buyer.address,
      ),
    ).toBe(1);
  });

  test("paid after expiry in live mode is a paid_late exception with its webhook", async ({
    apiAs,
    fixtures,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const paying = await transactionPayment(api, 2_000_000n);
    const hook = await api.post("/v1/webhook-endpoints", {
      url: "http://127.0.0.1:9/late",
      events: ["payment.exception"],
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    try {
      const option = await paying.option();
      const tx = option.actions[0]!.data.params[0] as { to: Address; data: Hex };
      await chain.automine(false);
      try {
        // The wallet broadcast just before the deadline; the chain mines it after.
        const hash = await chain.wallet(3).sendTransaction({ to: tx.to, data: tx.data });
        const confirmed = await paying.confirm(option.id, hash);
        expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
        expect(confirmed.body.status).toBe("processing");
        expect(
          (
            await runSql(
              `UPDATE "Payment" SET "expiresAt" = now() - interval '1 second' WHERE "id" = $1`,
              paying.paymentId,
            )
          ).count,
        ).toBe(1);
        expect((await api.get(`${paying.base}/status`)).body.status).toBe("expired");
        await chain.mine(1);
      } finally {
        await chain.automine(true);
      }
      await chain.mine(3);
      const payment = async () =>
        (await api.get(`/v1/payments/${paying.paymentId}`, { merchantId: paying.merchantId })).body;
      await expect.poll(async () => (await payment()).exception?.type, { timeout: 30_000 }).toBe("paid_late");
      expect(await payment()).toMatchObject({
        status: "expired",
        exception: { type: "paid_late", expected: "2000000", received: "2000000" },
      });
      const types = async () =>
        (
          (await api.get(`/v1/webhook-endpoints/${hook.body.id}/deliveries`)).body.data as {
            eventType: string;
          }[]
        ).map((d) => d.eventType);
      await expect.poll(types, { timeout: 20_000 }).toEqual(["payment.exception"]);
    } finally {
      await api.delete(`/v1/webhook-endpoints/${hook.body.id}`);
    }
  });
});

test.describe("nobody with the link can jam a payment", () => {
  test("a confirm with a foreign mined hash pins nothing, and the real buyer's transaction pays", async ({
    apiAs,
    fixtures,
    request,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const paying = await transactionPayment(api, 1_500_000n);
    // Mined, unrelated: the same token to another wallet, and a transfer to this wallet from someone else.
    const foreign = [
      await chain.transferToken(plainToken, wallet(), 1_500_000n, 3),
      await chain.transferToken(plainToken, paying.destination, 1_500_000n, 0),
    ];
    for (const hash of foreign) {
      const option = await paying.option();
      const viaGateway = await paying.confirm(option.id, hash);
      expect(viaGateway.status, hash).toBe(400);
      expect(viaGateway.body).toMatchObject({
        code: "invalid_params",
        details: { fields: { results: expect.stringContaining(hash) } },
      });
      const viaCheckout = await request.post(`/pay/${paying.paymentId}/wallet/confirm`, {
        data: { optionId: option.id, results: [{ type: "walletRpc", data: [hash] }] },
        headers: { Origin: baseURL },
      });
      expect(viaCheckout.status(), hash).toBe(400);
    }
    const option = await paying.option();
    const tx = option.actions[0]!.data.params[0] as { to: Address; data: Hex };
    const hash = await chain.wallet(3).sendTransaction({ to: tx.to, data: tx.data });
    await chain.public.waitForTransactionReceipt({ hash });
    const confirmed = await paying.confirm(option.id, hash);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.status).toBe("processing");
    await chain.mine(3);
    await expect
      .poll(async () => (await api.get(`${paying.base}/status`)).body.status, { timeout: 30_000 })
      .toBe("succeeded");
    expect((await api.get(`${paying.base}/status`)).body.info.txId).toBe(hash);
  });

  test("a confirmed hash that the chain then shows paying nothing (reverted) gives way at once to the buyer's next option", async ({
    apiAs,
    fixtures,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const paying = await transactionPayment(api, 1_250_000n);
    const first = await paying.option();
    const tx = first.actions[0]!.data.params[0] as { to: Address; data: Hex };
    await chain.automine(false);
    let reverted: Hash;
    try {
      // Pending, from the option's account to the token: it may pay, so it pins the option.
      reverted = await chain.wallet(3).sendTransaction({
        to: tx.to,
        data: encodeFunctionData({
          abi: erc20,
          functionName: "transfer",
          args: [paying.destination, 10n ** 40n],
        }),
        gas: 200_000n,
      });
      expect((await paying.confirm(first.id, reverted)).body.status).toBe("processing");
      await chain.mine(1);
    } finally {
      await chain.automine(true);
    }
    expect((await chain.public.getTransactionReceipt({ hash: reverted })).status).toBe("reverted");
    const next = await paying.option();
    const hash = await chain.wallet(3).sendTransaction({ to: tx.to, data: tx.data });
    await chain.public.waitForTransactionReceipt({ hash });
    const confirmed = await paying.confirm(next.id, hash);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.status).toBe("processing");
    await chain.mine(3);
    await expect
      .poll(async () => (await api.get(`${paying.base}/status`)).body.status, { timeout: 30_000 })
      .toBe("succeeded");
  });

  test("another buyer's pending hash posted to a payment's link pays nothing: the buyer's payment completes, the other stays unpaid", async ({
    apiAs,
    fixtures,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const asset = `${localCaip2}/erc20:${plainToken}`;
    // Two payments of one amount at one wallet: the buyer's, and one whose link a stranger holds.
    const buyers = await livePayment(api, asset, "1250000");
    const strangers = await livePayment(api, asset, "1250000");
    const account = `${localCaip2}:${devAccounts[3]!.address}`;
    const quote = (p: typeof buyers, from: string) =>
      postJson(from, `/pay/${p.paymentId}/wallet/options`, { settlementId: p.settlementId, account });
    const post = (p: typeof buyers, from: string, txHash: Hash) =>
      postJson(from, `/pay/${p.paymentId}/transactions`, { settlementId: p.settlementId, txHash });
    const status = async (p: typeof buyers) =>
      (await api.get(`/v1/payments/${p.paymentId}/status`, { merchantId: p.merchantId })).body;
    // The buyer's wallet is quoted for its account, then sends.
    expect((await quote(buyers, "127.0.0.5")).status).toBe(200);
    await chain.automine(false);
    let hash: Hash;
    try {
      hash = await chain.sendTokenTransfer(plainToken, merchantWallet, 1_250_000n, 3);
      // The stranger sees it in the mempool, has their payment quoted to the buyer's account too,
      // and posts the hash first.
      expect((await quote(strangers, "127.0.0.6")).status).toBe(200);
      const posted = await post(strangers, "127.0.0.6", hash);
      expect(posted.status, JSON.stringify(posted.body)).toBe(200);
      expect((posted.body as { status: string }).status).toBe("requires_action");
      const own = await post(buyers, "127.0.0.5", hash);
      expect(own.status, JSON.stringify(own.body)).toBe(200);
    } finally {
      await chain.automine(true);
    }
    await chain.mine(3);
    await expect.poll(async () => (await status(buyers)).status, { timeout: 30_000 }).toBe("succeeded");
    expect((await status(buyers)).info.txId).toBe(hash);
    expect((await status(strangers)).status).toBe("requires_action");
    expect(
      await rows(`"ChainTransfer" SET "paymentId" = "paymentId" WHERE "paymentId" = $1`, strangers.paymentId),
    ).toBe(0);
    // The stranger's post is on that payment's timeline as a report, not as its transaction.
    expect(
      await rows(
        `"PaymentEvent" SET "type" = "type" WHERE "paymentId" = $1 AND "type" = 'payment.transaction_reported'`,
        strangers.paymentId,
      ),
    ).toBe(1);
  });

  test("made-up hashes from one address fill only that address's submissions: the buyer's real hash from another is accepted", async ({
    apiAs,
    fixtures,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const { merchantId, paymentId, settlementId } = await livePayment(
      api,
      `${localCaip2}/erc20:${plainToken}`,
      "1750000",
    );
    const submitFrom = (localAddress: string, txHash: string) =>
      postJson(localAddress, `/pay/${paymentId}/transactions`, { settlementId, txHash });
    for (let i = 0; i < 10; i++) expect((await submitFrom("127.0.0.3", hex32())).status).toBe(200);
    const eleventh = await submitFrom("127.0.0.3", hex32());
    expect(eleventh.status).toBe(409);
    // The buyer's wallet is quoted for its account before it sends.
    const quoted = await postJson("127.0.0.4", `/pay/${paymentId}/wallet/options`, {
      settlementId,
      account: `${localCaip2}:${devAccounts[3]!.address}`,
    });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const paid = await chain.transferToken(plainToken, merchantWallet, 1_750_000n, 3);
    await chain.mine(3);
    const buyers = await submitFrom("127.0.0.4", paid);
    expect(buyers.status, JSON.stringify(buyers.body)).toBe(200);
    expect((await api.get(`/v1/payments/${paymentId}/status`, { merchantId })).body).toMatchObject({
      status: "succeeded",
      info: { txId: paid },
    });
  });

  test("twenty identical confirms at once get one answer, and the authorization is relayed once", async ({
    apiAs,
    fixtures,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const paying = await gaslessPayment(api, 1_000_000n);
    const answers = await Promise.all(Array.from({ length: 20 }, () => paying.confirm()));
    expect(answers.map((a) => `${a.status} ${a.body.status ?? a.body.code}`)).toEqual(
      Array(20).fill("200 processing"),
    );
    await chain.mine(3);
    await expect.poll(async () => (await paying.status()).status, { timeout: 30_000 }).toBe("succeeded");
    expect(
      await rows(
        `"RelayerSubmission" SET "paymentId" = "paymentId" WHERE "paymentId" = $1`,
        paying.paymentId,
      ),
    ).toBe(1);
  });
});
