import { createPublicClient, getAddress, http, parseAbi, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { readFixtures } from "../support/fixtures-data";
import { eachApiVersion, expect, test } from "../support/api";
import { devAccounts, LocalChain, localCaip2, relayerAddress } from "../support/chain";
import {
  fundedBuyer as fundedBuyerOf,
  liveGatewayPayment,
  signAction,
  type Action,
} from "../support/gateway-wallet";
import { createMerchant } from "../support/merchants";
import { baseURL, localChainRpc } from "../support/settings";

// Each request is also sent under the other API version and its answer checked against both
// documents of that version (WalletConnect's and ours); see everyVersion in ../support/api.ts.
test.use({ everyVersion: true });

// The wallet side (WalletConnect Pay's Gateway): a wallet written with viem reads a payment, asks
// for options, performs the action (a signature or a transaction) and confirms.

const chain = new LocalChain(localChainRpc);
const erc20 = parseAbi(["function balanceOf(address) view returns (uint256)"]);
let authToken: Address;
let plainToken: Address;

const fundedBuyer = (token: Address, amount: bigint) => fundedBuyerOf(chain, token, amount);
const balanceOf = (token: Address, owner: Address) =>
  chain.public.readContract({ address: token, abi: erc20, functionName: "balanceOf", args: [owner] });

test.beforeAll(async () => {
  authToken = getAddress(readFixtures().authToken);
  plainToken = getAddress(await chain.deployToken("PLAIN", 6));
});

// Every request of these runs under each API version, checked against both documents of it.
eachApiVersion((version) =>
  test.describe("test mode", () => {
    test("a wallet reads the payment, gets a gasless option, signs it, and the payment succeeds with test:<id>", async ({
      api,
      apiAs,
      fixtures,
    }) => {
      const merchant = await createMerchant(api, { withUsdc: true });
      const created = (
        await api.post(
          "/v1/payments",
          { referenceId: "gw-test", amount: { unit: "iso4217/USD", value: "1250" } },
          { merchantId: merchant.id },
        )
      ).body;
      const wallet = privateKeyToAccount(generatePrivateKey());
      // A wallet may authenticate with the account's public App-Id, and may be handed the whole link.
      const gw = apiAs({
        "App-Id": fixtures.accounts.a.testAppId,
        "Client-Id": "e2e-wallet",
        "Wcp-Version": version,
        "Sdk-Name": "e2e",
        "Sdk-Version": "1",
        "Sdk-Platform": "node",
      });
      const base = `/v1/gateway/payment/${encodeURIComponent(created.gatewayUrl)}`;

      const read = await gw.get(base, { headers: { "Content-Type": "application/json" } });
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({
        status: "requires_action",
        amount: { unit: "iso4217/USD", value: "1250", display: { assetSymbol: "USD", decimals: 2 } },
        merchant: { name: merchant.name },
      });
      expect(read.body.expiresAt).toBe(created.expiresAt);

      const options = await gw.post(`${base}/options`, {
        accounts: [`eip155:8453:${wallet.address}`, `eip155:1:${wallet.address}`],
      });
      expect(options.status).toBe(200);
      // The merchant settles USDC on Base only: one option, for the Base account.
      expect(options.body.options).toHaveLength(1);
      const option = options.body.options[0];
      expect(option).toMatchObject({
        account: `eip155:8453:${wallet.address}`,
        amount: { value: "12500000", display: { assetSymbol: "USDC", decimals: 6, networkName: "Base" } },
      });
      expect(option.expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 300);
      const typed = JSON.parse(option.actions[0].data.params[1]);
      expect(typed.primaryType).toBe("TransferWithAuthorization");
      expect(typed.message).toMatchObject({
        from: wallet.address,
        to: "0x52908400098527886E0F7030069857D2E4169EE7",
        value: "12500000",
        validAfter: "0",
        validBefore: String(option.expiresAt),
      });

      // fetch gives the same actions again.
      expect((await gw.post(`${base}/fetch`, { optionId: option.id, data: "" })).body.actions).toEqual(
        option.actions,
      );

      // Signed by another key: refused, and the payment stays payable.
      const stranger = privateKeyToAccount(generatePrivateKey());
      const forged = await stranger.signTypedData({
        domain: typed.domain,
        types: { TransferWithAuthorization: typed.types.TransferWithAuthorization },
        primaryType: typed.primaryType,
        message: typed.message,
      });
      const refused = await gw.post(`${base}/confirm`, {
        optionId: option.id,
        results: [{ type: "walletRpc", data: [forged] }],
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe("invalid_params");
      // Signed over an altered amount: refused too.
      const altered = await wallet.signTypedData({
        domain: typed.domain,
        types: { TransferWithAuthorization: typed.types.TransferWithAuthorization },
        primaryType: typed.primaryType,
        message: { ...typed.message, value: "1" },
      });
      expect(
        (
          await gw.post(`${base}/confirm`, {
            optionId: option.id,
            results: [{ type: "walletRpc", data: [altered] }],
          })
        ).body.code,
      ).toBe("invalid_params");

      const signature = await signAction(wallet, option.actions[0]);
      const confirmed = await gw.post(`${base}/confirm?maxPollMs=2000`, {
        optionId: option.id,
        results: [{ type: "walletRpc", data: [signature] }],
      });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({
        status: "succeeded",
        isFinal: true,
        pollInMs: null,
        info: {
          txId: `test:${created.id}`,
          optionAmount: { value: "12500000", display: { assetSymbol: "USDC" } },
        },
      });
      // The same confirm again answers the same; another result for it is refused.
      expect(
        (
          await gw.post(`${base}/confirm`, {
            optionId: option.id,
            results: [{ type: "walletRpc", data: [signature] }],
          })
        ).body.status,
      ).toBe("succeeded");
      expect(
        (
          await gw.post(`${base}/confirm`, {
            optionId: option.id,
            results: [{ type: "walletRpc", data: [forged] }],
          })
        ).body.code,
      ).toBe("invalid_state");

      const status = await gw.get(`/v1/gateway/payment/${created.id}/status`);
      expect(status.body).toMatchObject({ status: "succeeded", info: { txId: `test:${created.id}` } });
      const merchantView = await api.get(`/v1/payments/${created.id}`);
      expect(merchantView.body).toMatchObject({ status: "succeeded" });
      // Another account's credentials cannot see it.
      const other = apiAs({ "Api-Key": fixtures.accounts.b.keys.test });
      expect((await other.get(`/v1/gateway/payment/${created.id}`)).body.code).toBe("payment_not_found");
    });

    test("a quote expires, the buyer may cancel, and a final payment cannot be paid", async ({ api }) => {
      const merchant = await createMerchant(api, { withUsdc: true });
      // A payment that expires in a minute: its options' quotes hold no longer than the payment.
      const expiresAt = new Date(Date.now() + 61_000).toISOString();
      const created = (
        await api.post(
          "/v1/payments",
          { referenceId: "gw-cancel", amount: { unit: "iso4217/USD", value: "100" }, expiresAt },
          { merchantId: merchant.id },
        )
      ).body;
      const wallet = privateKeyToAccount(generatePrivateKey());
      const base = `/v1/gateway/payment/${created.id}`;
      const [option] = (await api.post(`${base}/options`, { accounts: [`eip155:8453:${wallet.address}`] }))
        .body.options;
      expect(option.expiresAt).toBe(Math.floor(Date.parse(expiresAt) / 1000));

      const cancelled = await api.post(`${base}/cancel`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({
        paymentId: created.id,
        status: "cancelled",
        cancelledReason: "cancelled_by_user",
      });
      const signature = await signAction(wallet, option.actions[0]);
      const late = await api.post(`${base}/confirm`, {
        optionId: option.id,
        results: [{ type: "walletRpc", data: [signature] }],
      });
      expect(late.status).toBe(400);
      expect(late.body.code).toBe("invalid_state");
      expect(
        (await api.post(`${base}/options`, { accounts: [`eip155:8453:${wallet.address}`] })).body.code,
      ).toBe("invalid_state");
      expect((await api.post(`${base}/cancel`)).body.code).toBe("invalid_state");
    });

    test("a payments.read key reads through the Gateway but cannot quote, confirm or cancel; an App-Id can", async ({
      api,
      apiAs,
      fixtures,
    }) => {
      const merchant = await createMerchant(api, { withUsdc: true });
      const created = (
        await api.post(
          "/v1/payments",
          { referenceId: "gw-read-only", amount: { unit: "iso4217/USD", value: "100" } },
          { merchantId: merchant.id },
        )
      ).body;
      const wallet = privateKeyToAccount(generatePrivateKey());
      const base = `/v1/gateway/payment/${created.id}`;
      const [option] = (await api.post(`${base}/options`, { accounts: [`eip155:8453:${wallet.address}`] }))
        .body.options;
      const readOnly = apiAs({ "Api-Key": fixtures.accounts.a.keys.testPaymentsReadOnly });
      expect((await readOnly.get(base)).status).toBe(200);
      expect((await readOnly.get(`${base}/status`)).status).toBe(200);
      expect((await readOnly.post(`${base}/fetch`, { optionId: option.id, data: "" })).status).toBe(200);
      const writes: [string, unknown][] = [
        [`${base}/options`, { accounts: [`eip155:8453:${wallet.address}`] }],
        [
          `${base}/confirm`,
          {
            optionId: option.id,
            results: [{ type: "walletRpc", data: [await signAction(wallet, option.actions[0])] }],
          },
        ],
        [`${base}/cancel`, undefined],
        [`/v1/payments/${created.id}/cancel`, undefined],
      ];
      for (const [path, body] of writes) {
        const refused = await readOnly.post(path, body, {
          beyondWalletConnect: "WalletConnect Pay has no per-key permissions (403)",
        });
        expect(refused.status, path).toBe(403);
        expect(refused.body, path).toMatchObject({
          code: "forbidden",
          message: expect.stringContaining("payments.write"),
        });
      }
      expect((await api.get(`/v1/payments/${created.id}`)).body.status).toBe("requires_action");
      // A wallet on the account's public App-Id carries no key permissions: the buyer may cancel.
      const wallet2 = apiAs({ "App-Id": fixtures.accounts.a.testAppId, "Client-Id": "e2e-wallet" });
      expect((await wallet2.post(`${base}/cancel`)).body).toMatchObject({ status: "cancelled" });
    });

    test("asking for options again answers the same quotes while they hold, so repeated calls add no rows", async ({
      api,
      apiAs,
      fixtures,
    }) => {
      const merchant = await createMerchant(api, { withUsdc: true });
      const created = (
        await api.post(
          "/v1/payments",
          { referenceId: "gw-reuse", amount: { unit: "iso4217/USD", value: "100" } },
          { merchantId: merchant.id },
        )
      ).body;
      const gw = apiAs({ "App-Id": fixtures.accounts.a.testAppId, "Client-Id": "e2e-wallet" });
      const accounts = [`eip155:8453:${privateKeyToAccount(generatePrivateKey()).address}`];
      const asked: unknown[] = [];
      for (let i = 0; i < 5; i++)
        asked.push((await gw.post(`/v1/gateway/payment/${created.id}/options`, { accounts })).body.options);
      expect(asked.every((options) => JSON.stringify(options) === JSON.stringify(asked[0]))).toBe(true);
      expect(asked[0]).toHaveLength(1);
    });

    test("refresh quotes the named options again and ends their old quotes; maxPollMs above 30 s is held, not refused", async ({
      api,
    }) => {
      const merchant = await createMerchant(api, { withUsdc: true });
      const created = (
        await api.post(
          "/v1/payments",
          { referenceId: "gw-refresh", amount: { unit: "iso4217/USD", value: "100" } },
          { merchantId: merchant.id },
        )
      ).body;
      const wallet = privateKeyToAccount(generatePrivateKey());
      const base = `/v1/gateway/payment/${created.id}`;
      const accounts = [`eip155:8453:${wallet.address}`];
      const [old] = (await api.post(`${base}/options`, { accounts })).body.options;
      const [fresh] = (await api.post(`${base}/options`, { accounts, refresh: [old.id] })).body.options;
      expect(fresh.id).not.toBe(old.id);
      const stale = await api.post(`${base}/confirm`, {
        optionId: old.id,
        results: [{ type: "walletRpc", data: [await signAction(wallet, old.actions[0])] }],
      });
      expect([stale.status, stale.body.code]).toEqual([400, "quote_expired"]);
      const unknown = await api.post(`${base}/options`, {
        accounts,
        refresh: ["opt_000000000000000000000000"],
      });
      expect([unknown.status, unknown.body.code]).toEqual([400, "invalid_params"]);
      expect(unknown.body.details.fields).toHaveProperty(["refresh.0"]);
      const confirmed = await api.post(`${base}/confirm?maxPollMs=60000`, {
        optionId: fresh.id,
        results: [{ type: "walletRpc", data: [await signAction(wallet, fresh.actions[0])] }],
      });
      expect(confirmed.body).toMatchObject({ status: "succeeded", isFinal: true });
    });
  }),
);

test.describe("live mode on the local chain", () => {
  test("gasless: the relayer submits the buyer's authorization; the buyer pays no gas; the merchant receives exactly the amount", async ({
    apiAs,
    fixtures,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const asset = `${localCaip2}/erc20:${authToken}`;
    const destination = privateKeyToAccount(generatePrivateKey()).address;
    const { paymentId, merchantId } = await liveGatewayPayment(api, asset, "4200000", destination);
    const buyer = await fundedBuyer(authToken, 10_000_000n);
    const base = `/v1/gateway/payment/${paymentId}`;

    const options = await api.post(`${base}/options`, {
      accounts: [`${localCaip2}:${buyer.address}`, `eip155:1:${buyer.address}`],
    });
    expect(options.body.options).toHaveLength(1);
    const [option] = options.body.options;
    expect(option.actions[0].data).toMatchObject({ chain_id: localCaip2, method: "eth_signTypedData_v4" });
    const signature = await signAction(buyer, option.actions[0]);

    // Two confirms at once (a double tap, two instances): one on-chain submission.
    const relayerNonceBefore = await chain.public.getTransactionCount({ address: relayerAddress });
    const [a, b] = await Promise.all(
      [0, 1].map(() =>
        api.post(`${base}/confirm`, {
          optionId: option.id,
          results: [{ type: "walletRpc", data: [signature] }],
        }),
      ),
    );
    expect([a!.status, b!.status]).toEqual([200, 200]);
    expect(await chain.public.getTransactionCount({ address: relayerAddress })).toBe(relayerNonceBefore + 1);

    await chain.mine(3, { sameTimestamp: true });
    await expect
      .poll(async () => (await api.get(`${base}/status`)).body.status, { timeout: 20_000 })
      .toBe("succeeded");
    const status = (await api.get(`${base}/status`)).body;
    expect(status.info.txId).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await chain.public.getTransactionReceipt({ hash: status.info.txId });
    expect(getAddress(receipt.from)).toBe(relayerAddress);
    expect(await balanceOf(authToken, destination)).toBe(4_200_000n);
    expect(await balanceOf(authToken, buyer.address)).toBe(5_800_000n);
    expect(await chain.public.getBalance({ address: buyer.address })).toBe(0n);
    expect((await api.get(`/v1/payments/${paymentId}/status`, { merchantId })).body.status).toBe("succeeded");

    // Replaying the same signature on another payment's option does not verify (its nonce differs).
    const second = await liveGatewayPayment(api, asset, "4200000", destination);
    const [otherOption] = (
      await api.post(`/v1/gateway/payment/${second.paymentId}/options`, {
        accounts: [`${localCaip2}:${buyer.address}`],
      })
    ).body.options;
    const replay = await api.post(`/v1/gateway/payment/${second.paymentId}/confirm`, {
      optionId: otherOption.id,
      results: [{ type: "walletRpc", data: [signature] }],
    });
    expect(replay.body.code).toBe("invalid_params");
    expect(await balanceOf(authToken, destination)).toBe(4_200_000n);
  });

  test("a relayer without gas answers 503 relayer_out_of_funds and leaves the payment payable", async ({
    apiAs,
    fixtures,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const asset = `${localCaip2}/erc20:${authToken}`;
    const destination = privateKeyToAccount(generatePrivateKey()).address;
    const { paymentId } = await liveGatewayPayment(api, asset, "1000000", destination);
    const buyer = await fundedBuyer(authToken, 1_000_000n);
    const base = `/v1/gateway/payment/${paymentId}`;
    const [option] = (await api.post(`${base}/options`, { accounts: [`${localCaip2}:${buyer.address}`] }))
      .body.options;
    const signature = await signAction(buyer, option.actions[0]);

    const funds = await chain.public.getBalance({ address: relayerAddress });
    await chain.setBalance(relayerAddress, 0n);
    try {
      const failed = await api.post(
        `${base}/confirm`,
        { optionId: option.id, results: [{ type: "walletRpc", data: [signature] }] },
        {
          beyondWalletConnect:
            "WalletConnect Pay's confirm lists no 503: a relayer out of gas is retried later",
        },
      );
      // Not an internal error: 503 with when to retry, in the relayer's own code (WalletConnect has none for it).
      expect(failed.status).toBe(503);
      expect(failed.body).toMatchObject({ code: "relayer_out_of_funds" });
      expect(failed.headers["retry-after"]).toBe("300");
      expect(failed.body.message).toContain("The relayer has too little gas");
      expect((await api.get(`${base}/status`)).body.status).toBe("requires_action");
    } finally {
      await chain.setBalance(relayerAddress, funds);
    }
    // Funded again, the same signature pays.
    const retried = await api.post(`${base}/confirm`, {
      optionId: option.id,
      results: [{ type: "walletRpc", data: [signature] }],
    });
    expect(retried.status).toBe(200);
    await chain.mine(3, { sameTimestamp: true });
    await expect
      .poll(async () => (await api.get(`${base}/status`)).body.status, { timeout: 20_000 })
      .toBe("succeeded");
    expect(await balanceOf(authToken, destination)).toBe(1_000_000n);
  });

  test("without EIP-3009 the wallet sends the transfer itself and confirms with its hash", async ({
    apiAs,
    fixtures,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const asset = `${localCaip2}/erc20:${plainToken}`;
    const destination = privateKeyToAccount(generatePrivateKey()).address;
    const { merchantId, paymentId } = await liveGatewayPayment(api, asset, "2500000", destination);
    const payer = devAccounts[3]!;
    await chain.transferToken(plainToken, payer.address, 10_000_000n);
    const base = `/v1/gateway/payment/${paymentId}`;
    const [option] = (await api.post(`${base}/options`, { accounts: [`${localCaip2}:${payer.address}`] }))
      .body.options;
    const action = option.actions[0] as Action;
    expect(action.data.method).toBe("eth_sendTransaction");
    const tx = action.data.params[0] as { from: Address; to: Address; data: Hex; value: Hex };
    expect(getAddress(tx.to)).toBe(plainToken);
    const hash = await chain.wallet(3).sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) });
    await chain.public.waitForTransactionReceipt({ hash });

    const confirmed = await api.post(`${base}/confirm`, {
      optionId: option.id,
      results: [{ type: "walletRpc", data: [hash] }],
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe("processing");
    await chain.mine(3, { sameTimestamp: true });
    await expect
      .poll(async () => (await api.get(`${base}/status`)).body.status, { timeout: 20_000 })
      .toBe("succeeded");
    const status = (await api.get(`${base}/status`)).body;
    expect(status.info.txId).toBe(hash);
    expect(await balanceOf(plainToken, destination)).toBe(2_500_000n);
    // A token Tollgate does not list is shown as its contract describes itself, by the gateway and
    // by the merchant API's status alike (the first read of the status, then the remembered one).
    expect(status.info.optionAmount.display).toMatchObject({
      assetSymbol: "PLAIN",
      assetName: "PLAIN Test Token",
      decimals: 6,
    });
    for (let read = 0; read < 2; read++) {
      expect(
        (await api.get(`/v1/payments/${paymentId}/status`, { merchantId })).body.info.optionAmount.display,
      ).toEqual(status.info.optionAmount.display);
    }
  });

  test("a transaction the payment already moved on with (the watcher or the checkout found it first) confirms with the payment's status, not an error", async ({
    apiAs,
    fixtures,
    request,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const asset = `${localCaip2}/erc20:${plainToken}`;
    const destination = privateKeyToAccount(generatePrivateKey()).address;
    const { paymentId, settlementId } = await liveGatewayPayment(api, asset, "1500000", destination);
    const payer = devAccounts[3]!;
    await chain.transferToken(plainToken, payer.address, 10_000_000n);
    const base = `/v1/gateway/payment/${paymentId}`;
    const [option] = (await api.post(`${base}/options`, { accounts: [`${localCaip2}:${payer.address}`] }))
      .body.options;
    const tx = (option.actions[0] as Action).data.params[0] as { to: Address; data: Hex; value: Hex };
    const hash = await chain.wallet(3).sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) });
    await chain.public.waitForTransactionReceipt({ hash });
    const submitted = await request.post(`/pay/${paymentId}/transactions`, {
      data: { settlementId, txHash: hash },
      headers: { Origin: baseURL },
    });
    expect((await submitted.json()).status).toBe("processing");

    const confirmed = await api.post(`${base}/confirm`, {
      optionId: option.id,
      results: [{ type: "walletRpc", data: [hash] }],
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.status).toBe("processing");
    // Another transaction is still refused: the payment is not payable any more.
    const other = await api.post(`${base}/confirm`, {
      optionId: option.id,
      results: [{ type: "walletRpc", data: [`0x${"ab".repeat(32)}`] }],
    });
    expect(other.status).toBe(400);
    expect(other.body.code).toBe("invalid_state");
  });

  test("native ETH is one value transfer to the destination", async ({ apiAs, fixtures }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const asset = `${localCaip2}/slip44:60`;
    const destination = privateKeyToAccount(generatePrivateKey()).address;
    const { paymentId } = await liveGatewayPayment(api, asset, "1000000000000000", destination);
    const base = `/v1/gateway/payment/${paymentId}`;
    const [option] = (
      await api.post(`${base}/options`, { accounts: [`${localCaip2}:${devAccounts[3]!.address}`] })
    ).body.options;
    const tx = (option.actions[0] as Action).data.params[0] as { to: Address; value: Hex };
    expect(getAddress(tx.to)).toBe(destination);
    const hash = await chain.wallet(3).sendTransaction({ to: tx.to, value: BigInt(tx.value) });
    await chain.public.waitForTransactionReceipt({ hash });
    expect(
      (
        await api.post(`${base}/confirm`, {
          optionId: option.id,
          results: [{ type: "walletRpc", data: [hash] }],
        })
      ).status,
    ).toBe(200);
    await chain.mine(3, { sameTimestamp: true });
    await expect
      .poll(async () => (await api.get(`${base}/status`)).body.status, { timeout: 20_000 })
      .toBe("succeeded");
    expect(
      await createPublicClient({ transport: http(localChainRpc) }).getBalance({ address: destination }),
    ).toBe(1_000_000_000_000_000n);
  });
});
