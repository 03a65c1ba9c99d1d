import { PaymentPayloadV2Schema, PaymentRequiredV2Schema } from "@x402/core/schemas";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { getAddress, parseAbi, toHex, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { expect, freshKey, test, type ApiClient } from "../support/api";
import { LocalChain, localCaip2, relayerAddress, relayerKey } from "../support/chain";
import { createMerchant, usdcBase } from "../support/merchants";
import { readFixtures } from "../support/fixtures-data";
import {
  baseURL,
  extraPort,
  localChainConfirmations,
  localChainId,
  localChainRpc,
  suiteAuthToken,
  usesPostgres,
} from "../support/settings";
import { spawnServer, type SpawnedServer } from "../support/spawn-server";
import { useWebhookEndpoints } from "../support/webhook-endpoints";
import {
  agentFetch,
  decodeHeader,
  encodeHeader,
  facilitator,
  facilitatorUrl,
  paywalledServer,
} from "../support/x402";

// x402 with its own npm packages, unmodified: an agent (@x402/fetch) pays a payment's x402Url, and
// a merchant's API protected by @x402/express settles through Tollgate as its facilitator. Every
// facilitator answer goes through @x402/core's HTTPFacilitatorClient, which parses it with the
// package's own schemas (a mismatch throws).

const chain = new LocalChain(localChainRpc);
const erc20 = parseAbi(["function balanceOf(address) view returns (uint256)"]);
const hooks = useWebhookEndpoints();
let authToken: Address;
let plainToken: Address;
const tokenExtra = { name: suiteAuthToken.name, version: "2" };

/** The local token is no default asset of x402's client: an agent's operator allows it. */
const spend = () => [
  { network: localCaip2 as `${string}:${string}`, asset: authToken, maxAmountPerPayment: "10000000" },
];
const balanceOf = (owner: Address) =>
  chain.public.readContract({ address: authToken, abi: erc20, functionName: "balanceOf", args: [owner] });
const relayed = () => chain.public.getTransactionCount({ address: relayerAddress });

test.beforeAll(async () => {
  // The suite's own EIP-3009 token: the one the test server's gas sponsorship policy allow-lists.
  authToken = getAddress(readFixtures().authToken);
  plainToken = getAddress(await chain.deployToken("PLAINX", 6));
});

/** A live merchant settling the local EIP-3009 token (and the plain one) to a fresh wallet. */
async function liveMerchant(api: ApiClient) {
  const destination = privateKeyToAccount(generatePrivateKey()).address;
  const merchant = (
    await api.post(
      "/v1/merchants",
      { merchantName: "Agent Shop", merchantEmail: "agents@shop.example" },
      { idempotencyKey: freshKey() },
    )
  ).body.merchant;
  const settlements = [authToken, plainToken].map((token) => ({
    asset: `${localCaip2}/erc20:${token}`,
    destination: `${localCaip2}:${destination}`,
  }));
  const registered = await api.post(
    `/v1/merchants/${merchant.id}/settlements/crypto`,
    { settlements },
    { idempotencyKey: freshKey() },
  );
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  return { merchantId: merchant.id as string, destination };
}

async function fundedAgent(amount: bigint) {
  const account = privateKeyToAccount(generatePrivateKey());
  await chain.transferToken(authToken, account.address, amount);
  return account;
}

/** An exact payment signed by hand (what @x402/fetch makes), so a test can choose what it should not. */
async function signedPayment(
  agent: PrivateKeyAccount,
  requirements: PaymentRequirements,
  authorization: Partial<{ to: Address; value: bigint; validBefore: bigint }> = {},
): Promise<PaymentPayload> {
  const message = {
    from: agent.address,
    to: authorization.to ?? getAddress(requirements.payTo),
    value: authorization.value ?? BigInt(requirements.amount),
    validAfter: 0n,
    validBefore: authorization.validBefore ?? BigInt(Math.floor(Date.now() / 1000) + 120),
    nonce: toHex(crypto.getRandomValues(new Uint8Array(32))),
  };
  const chainId = Number(requirements.network.split(":")[1]);
  const { name, version } = requirements.extra as { name: string; version: string };
  const signature = await agent.signTypedData({
    domain: { name, version, chainId, verifyingContract: getAddress(requirements.asset) },
    types: {
      TransferWithAuthorization: [
        { name: "from", type: "address" },
        { name: "to", type: "address" },
        { name: "value", type: "uint256" },
        { name: "validAfter", type: "uint256" },
        { name: "validBefore", type: "uint256" },
        { name: "nonce", type: "bytes32" },
      ],
    },
    primaryType: "TransferWithAuthorization",
    message,
  });
  const authorizationJson = {
    ...message,
    value: message.value.toString(),
    validAfter: "0",
    validBefore: message.validBefore.toString(),
  };
  return PaymentPayloadV2Schema.parse({
    x402Version: 2,
    resource: { url: "https://api.shop.example/report" },
    accepted: requirements,
    payload: { signature, authorization: authorizationJson },
  }) as PaymentPayload;
}

const liveRequirements = (
  payTo: Address,
  amount: string,
  asset: Address = authToken,
): PaymentRequirements => ({
  scheme: "exact",
  network: localCaip2 as `${string}:${string}`,
  amount,
  asset,
  payTo,
  maxTimeoutSeconds: 120,
  extra: tokenExtra,
});

test.describe("the facilitator API", () => {
  test("test mode: supported, verify and settle answer in @x402/core's schemas; a settled payment is an ordinary payment, paid with nothing submitted", async ({
    api,
    fixtures,
  }) => {
    const merchant = await createMerchant(api, { withUsdc: true });
    const client = facilitator(fixtures.accounts.a.keys.test, merchant.id);
    const supported = await client.getSupported();
    expect(supported.kinds).toContainEqual({ x402Version: 2, scheme: "exact", network: "eip155:8453" });
    expect(supported.signers).toEqual({});

    const agent = privateKeyToAccount(generatePrivateKey());
    const requirements: PaymentRequirements = {
      scheme: "exact",
      network: "eip155:8453",
      amount: "1250000",
      asset: usdcBase.split(":").pop()!,
      payTo: "0x52908400098527886E0F7030069857D2E4169EE7",
      maxTimeoutSeconds: 60,
      extra: { name: "USD Coin", version: "2" },
    };
    const payment = await signedPayment(agent, requirements);
    expect(await client.verify(payment, requirements)).toMatchObject({ isValid: true, payer: agent.address });
    const settled = await client.settle(payment, requirements);
    expect(settled).toMatchObject({
      success: true,
      network: "eip155:8453",
      payer: agent.address,
      transaction: expect.stringMatching(/^test:pay_/),
    });
    const paymentId = settled.transaction.slice("test:".length);
    const read = await api.get(`/v1/payments/${paymentId}`);
    expect(read.body).toMatchObject({
      merchantId: merchant.id,
      status: "succeeded",
      amount: { unit: `caip19/${usdcBase}`, value: "1250000" },
      referenceId: "https://api.shop.example/report",
      info: { txId: settled.transaction },
    });

    // The same payment header again: refused, whether verified or settled.
    expect(await client.verify(payment, requirements)).toMatchObject({
      isValid: false,
      invalidReason: "invalid_exact_evm_nonce_already_used",
    });
    expect(await client.settle(payment, requirements)).toMatchObject({
      success: false,
      errorReason: "invalid_exact_evm_nonce_already_used",
      transaction: "",
    });

    const doc = await (await fetch(`${baseURL}/v1/openapi.json`)).json();
    for (const path of ["/v1/x402/verify", "/v1/x402/settle", "/v1/x402/supported"])
      expect(doc.paths[path], path).toBeDefined();
  });

  test("refused with x402's reasons: amount or payee altered, an expired authorization, a token not sponsored, an unknown network, a payee not the merchant's", async ({
    apiAs,
    fixtures,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const { merchantId, destination } = await liveMerchant(api);
    const client = facilitator(fixtures.accounts.a.keys.live, merchantId);
    const agent = await fundedAgent(5_000_000n);
    const requirements = liveRequirements(destination, "1000000");
    const now = BigInt(Math.floor(Date.now() / 1000));
    const cases: [string, PaymentPayload, PaymentRequirements, string][] = [
      [
        "amount altered",
        await signedPayment(agent, requirements, { value: 999_999n }),
        requirements,
        "invalid_exact_evm_payload_authorization_value_mismatch",
      ],
      [
        "payee altered",
        await signedPayment(agent, requirements, { to: agent.address }),
        requirements,
        "invalid_exact_evm_recipient_mismatch",
      ],
      [
        "expired authorization",
        await signedPayment(agent, requirements, { validBefore: now - 10n }),
        requirements,
        "invalid_exact_evm_payload_authorization_valid_before",
      ],
      [
        "token not sponsored",
        await signedPayment(agent, liveRequirements(destination, "1000000", plainToken)),
        liveRequirements(destination, "1000000", plainToken),
        "invalid_exact_evm_eip3009_not_supported",
      ],
      [
        "payee not the merchant's",
        await signedPayment(agent, liveRequirements(agent.address, "1000000")),
        liveRequirements(agent.address, "1000000"),
        "invalid_exact_evm_recipient_mismatch",
      ],
    ];
    const unknownNetwork = { ...requirements, network: "eip155:999999" as const };
    cases.push([
      "unknown network",
      { ...(await signedPayment(agent, requirements)), accepted: unknownNetwork },
      unknownNetwork,
      "invalid_network",
    ]);
    // A signature over one amount presented as another.
    const honest = await signedPayment(agent, requirements);
    const tampered = {
      ...honest,
      payload: {
        ...honest.payload,
        authorization: { ...(honest.payload.authorization as object), value: "1000001" },
      },
    };
    cases.push([
      "signature over another amount",
      tampered,
      { ...requirements, amount: "1000001" },
      "invalid_exact_evm_signature",
    ]);

    const before = await relayed();
    for (const [what, payment, req, reason] of cases) {
      expect(await client.verify(payment, req), what).toMatchObject({
        isValid: false,
        invalidReason: reason,
      });
      expect(await client.settle(payment, req), what).toMatchObject({
        success: false,
        errorReason: reason,
        transaction: "",
      });
    }
    expect(await relayed()).toBe(before);
    expect(await balanceOf(destination)).toBe(0n);
    expect((await api.get("/v1/merchants/payments", { merchantId })).body.data).toHaveLength(0);
  });

  test("two settles of one payment header at once: one on-chain transfer, the other refused", async ({
    apiAs,
    fixtures,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const { merchantId, destination } = await liveMerchant(api);
    const client = facilitator(fixtures.accounts.a.keys.live, merchantId);
    const agent = await fundedAgent(3_000_000n);
    const requirements = liveRequirements(destination, "3000000");
    const payment = await signedPayment(agent, requirements);
    const before = await relayed();
    const results = await Promise.all([
      client.settle(payment, requirements),
      client.settle(payment, requirements),
    ]);
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.find((r) => !r.success)).toMatchObject({
      errorReason: "invalid_exact_evm_nonce_already_used",
    });
    expect(await relayed()).toBe(before + 1);
    expect(await balanceOf(destination)).toBe(3_000_000n);
  });
});

test("a relayer without gas: the settle is refused with the reason, its payment fails, and the same header settles once the relayer is funded", async ({
  apiAs,
  fixtures,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
  const { merchantId, destination } = await liveMerchant(api);
  const client = facilitator(fixtures.accounts.a.keys.live, merchantId);
  const agent = await fundedAgent(1_000_000n);
  const requirements = liveRequirements(destination, "1000000");
  const payment = await signedPayment(agent, requirements);
  const funds = await chain.public.getBalance({ address: relayerAddress });
  await chain.setBalance(relayerAddress, 0n);
  let refused;
  try {
    refused = await client.settle(payment, requirements);
  } finally {
    await chain.setBalance(relayerAddress, funds);
  }
  expect(refused).toMatchObject({
    success: false,
    errorReason: "unexpected_settle_error",
    errorMessage: expect.stringContaining("too little gas"),
    transaction: "",
  });
  const failed = (
    await api.get(`/v1/payments/${(refused.extra as { paymentId: string }).paymentId}/status`, { merchantId })
  ).body;
  expect(failed.status).toBe("failed");

  const before = await relayed();
  expect(await client.settle(payment, requirements)).toMatchObject({ success: true, payer: agent.address });
  expect(await relayed()).toBe(before + 1);
  expect(await balanceOf(destination)).toBe(1_000_000n);
});

test.describe("two instances on one PostgreSQL", () => {
  test.skip(
    !usesPostgres,
    "The embedded database is single-process by design: there is no second instance to race.",
  );
  let servers: SpawnedServer[] = [];
  test.afterAll(async () => Promise.all(servers.map((s) => s.stop())));

  test("the same payment header settled on both at once: one on-chain transfer", async ({
    apiAs,
    fixtures,
  }) => {
    test.setTimeout(240_000);
    const env = {
      TOLLGATE_WORKER: "off",
      [`CHAIN_RPC_EIP155_${localChainId}`]: localChainRpc,
      [`CHAIN_CONFIRMATIONS_EIP155_${localChainId}`]: String(localChainConfirmations),
      [`RELAYER_KEY_EIP155_${localChainId}`]: relayerKey,
      [`SPONSORED_TOKENS_EIP155_${localChainId}`]: `${authToken}:${suiteAuthToken.name}:2`,
    };
    servers = await Promise.all([spawnServer(env, extraPort(1)), spawnServer(env, extraPort(2))]);
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const { merchantId, destination } = await liveMerchant(api);
    const agent = await fundedAgent(2_000_000n);
    const requirements = liveRequirements(destination, "2000000");
    const payment = await signedPayment(agent, requirements);
    const before = await relayed();
    const results = await Promise.all(
      servers.map((s) =>
        facilitator(fixtures.accounts.a.keys.live, merchantId, `${s.url}/v1/x402`).settle(
          payment,
          requirements,
        ),
      ),
    );
    console.log(
      `[x402] one header settled on two instances: ${JSON.stringify(results.map((r) => (r.success ? "settled" : r.errorReason)))}`,
    );
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(await relayed()).toBe(before + 1);
    expect(await balanceOf(destination)).toBe(2_000_000n);
  });
});

test.describe("agents paying on the local chain", () => {
  test("an agent with @x402/fetch pays a payment's x402Url: the destination receives exactly the amount, the payment succeeds and its webhook fires; paid, it is never charged again", async ({
    apiAs,
    fixtures,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const { merchantId, destination } = await liveMerchant(api);
    await hooks.add(api, "/x402-url", { events: ["payment.succeeded"] });
    const asset = `${localCaip2}/erc20:${authToken}`;
    const created = await api.post(
      "/v1/payments",
      { referenceId: `agent-${Date.now()}`, amount: { unit: `caip19/${asset}`, value: "4200000" } },
      { merchantId },
    );
    expect(created.status).toBe(201);
    const { id: paymentId, x402Url, expiresAt } = created.body;
    expect(x402Url).toMatch(new RegExp(`/pay/${paymentId}/x402$`));

    const unpaid = await fetch(x402Url);
    expect(unpaid.status).toBe(402);
    const required = PaymentRequiredV2Schema.parse(decodeHeader(unpaid.headers.get("payment-required")));
    expect(required.accepts).toEqual([
      {
        scheme: "exact",
        network: localCaip2,
        amount: "4200000",
        asset: authToken,
        payTo: destination,
        maxTimeoutSeconds: expect.any(Number),
        extra: tokenExtra,
      },
    ]);
    // The create answer gives expiresAt in Unix seconds, as WalletConnect Pay does.
    const secondsLeft = expiresAt - Date.now() / 1000;
    expect(required.accepts[0]!.maxTimeoutSeconds).toBeLessThanOrEqual(Math.min(300, secondsLeft + 1));

    const agent = await fundedAgent(10_000_000n);
    const sent: string[] = [];
    const before = await relayed();
    const paid = await agentFetch(agent, sent, spend())(x402Url);
    expect(paid.status).toBe(200);
    const receipt = decodeHeader(paid.headers.get("payment-response"));
    expect(receipt).toMatchObject({
      success: true,
      network: localCaip2,
      payer: agent.address,
      transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(["processing", "succeeded"]).toContain((await paid.json()).status);
    expect(await relayed()).toBe(before + 1);

    await chain.mine(localChainConfirmations, { sameTimestamp: true });
    await expect
      .poll(async () => (await api.get(`/v1/payments/${paymentId}/status`, { merchantId })).body.status, {
        timeout: 20_000,
      })
      .toBe("succeeded");
    expect((await api.get(`/v1/payments/${paymentId}/status`, { merchantId })).body.info.txId).toBe(
      receipt.transaction,
    );
    expect(await balanceOf(destination)).toBe(4_200_000n);
    expect(await balanceOf(agent.address)).toBe(5_800_000n);
    const [delivery] = await hooks.receiver.waitFor(
      "/x402-url",
      (d) => d.some((x) => x.event.data.object.id === paymentId),
      "payment.succeeded",
    );
    expect(delivery!.event.type).toBe("payment.succeeded");

    // Paid: the URL says so (no 402, so an agent pays nothing), a replayed header and a fresh one are not charged.
    const again = await agentFetch(await fundedAgent(5_000_000n), [], spend())(x402Url);
    expect(again.status).toBe(200);
    expect((await again.json()).status).toBe("succeeded");
    const replayed = await fetch(x402Url, { headers: { "PAYMENT-SIGNATURE": sent[0]! } });
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get("payment-response")).toBeNull();
    const fresh = await signedPayment(await fundedAgent(5_000_000n), {
      ...required.accepts[0]!,
      maxTimeoutSeconds: 120,
    } as PaymentRequirements);
    expect((await fetch(x402Url, { headers: { "PAYMENT-SIGNATURE": encodeHeader(fresh) } })).status).toBe(
      200,
    );
    expect(await relayed()).toBe(before + 1);
    expect(await balanceOf(destination)).toBe(4_200_000n);
  });

  test("a cancelled payment's x402Url answers what it is (410), and a tampered header is a 402 with the reason", async ({
    apiAs,
    fixtures,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const { merchantId, destination } = await liveMerchant(api);
    const asset = `${localCaip2}/erc20:${authToken}`;
    const make = async () =>
      (
        await api.post(
          "/v1/payments",
          { referenceId: `agent-${Date.now()}`, amount: { unit: `caip19/${asset}`, value: "1000000" } },
          { merchantId },
        )
      ).body;
    const open = await make();
    const required = PaymentRequiredV2Schema.parse(
      decodeHeader((await fetch(open.x402Url)).headers.get("payment-required")),
    );
    const agent = await fundedAgent(2_000_000n);
    const altered = await signedPayment(agent, required.accepts[0] as PaymentRequirements, { value: 1n });
    const refused = await fetch(open.x402Url, { headers: { "PAYMENT-SIGNATURE": encodeHeader(altered) } });
    expect(refused.status).toBe(402);
    expect(decodeHeader(refused.headers.get("payment-required")).error).toBe(
      "invalid_exact_evm_payload_authorization_value_mismatch",
    );

    const cancelled = await make();
    expect((await api.post(`/v1/payments/${cancelled.id}/cancel`, undefined, { merchantId })).status).toBe(
      200,
    );
    const gone = await agentFetch(agent, [], spend())(cancelled.x402Url);
    expect(gone.status).toBe(410);
    expect((await gone.json()).status).toBe("cancelled");
    expect(await balanceOf(destination)).toBe(0n);
  });

  test("a merchant's API behind @x402/express with Tollgate as its facilitator: the agent gets the resource, the merchant the money; a replayed header is refused", async ({
    apiAs,
    fixtures,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const { merchantId, destination } = await liveMerchant(api);
    await hooks.add(api, "/paywall", { events: ["payment.succeeded"] });
    const server = await paywalledServer({
      port: 0,
      apiKey: fixtures.accounts.a.keys.live,
      merchantId,
      network: localCaip2 as `${string}:${string}`,
      payTo: destination,
      price: { amount: "1500000", asset: authToken, extra: tokenExtra },
    });
    try {
      const agent = await fundedAgent(5_000_000n);
      const sent: string[] = [];
      const before = await relayed();
      const answer = await agentFetch(agent, sent, spend())(server.url);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ report: { weather: "sunny", temperature: 21 } });
      expect(decodeHeader(answer.headers.get("payment-response"))).toMatchObject({
        success: true,
        payer: agent.address,
      });
      expect(await relayed()).toBe(before + 1);

      const [payment] = (await api.get("/v1/merchants/payments", { merchantId })).body.data;
      expect(payment).toMatchObject({
        referenceId: server.url,
        amount: { unit: `caip19/${localCaip2}/erc20:${authToken}`, value: "1500000" },
      });
      await chain.mine(localChainConfirmations, { sameTimestamp: true });
      await expect
        .poll(async () => (await api.get(`/v1/payments/${payment.id}/status`, { merchantId })).body.status, {
          timeout: 20_000,
        })
        .toBe("succeeded");
      expect(await balanceOf(destination)).toBe(1_500_000n);
      await hooks.receiver.waitFor(
        "/paywall",
        (d) => d.some((x) => x.event.data.object.id === payment.id),
        "payment.succeeded",
      );

      const replay = await fetch(server.url, { headers: { "PAYMENT-SIGNATURE": sent[0]! } });
      expect(replay.status).toBe(402);
      expect(decodeHeader(replay.headers.get("payment-required")).error).toBe(
        "invalid_exact_evm_nonce_already_used",
      );
      expect(await relayed()).toBe(before + 1);
      expect(await balanceOf(destination)).toBe(1_500_000n);
      expect((await api.get("/v1/merchants/payments", { merchantId })).body.data).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

test("the facilitator URL in test mode protects a route with @x402/express and a test key: the signature is checked, nothing is submitted", async ({
  api,
  fixtures,
}) => {
  const merchant = await createMerchant(api, { withUsdc: true });
  const server = await paywalledServer({
    port: 0,
    apiKey: fixtures.accounts.a.keys.test,
    merchantId: merchant.id,
    network: "eip155:8453",
    payTo: "0x52908400098527886E0F7030069857D2E4169EE7",
    price: "$0.01",
  });
  try {
    const answer = await agentFetch(privateKeyToAccount(generatePrivateKey()))(server.url);
    expect(answer.status).toBe(200);
    const receipt = decodeHeader(answer.headers.get("payment-response"));
    expect(receipt.transaction).toMatch(/^test:pay_/);
    expect((await api.get(`/v1/payments/${receipt.transaction.slice(5)}`)).body).toMatchObject({
      status: "succeeded",
      amount: { value: "10000" },
    });
    expect(facilitatorUrl).toMatch(/\/v1\/x402$/);
  } finally {
    await server.close();
  }
});
