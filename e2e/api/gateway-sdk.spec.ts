import { getAddress, parseAbi, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import type { Action } from "@walletconnect/pay";
import { readFixtures } from "../support/fixtures-data";
import { expect, freshKey, test, type ApiClient, type VersionDocuments } from "../support/api";
import { LocalChain, localCaip2 } from "../support/chain";
import { createMerchant } from "../support/merchants";
import { localChainRpc } from "../support/settings";
import { API_VERSIONS } from "@/lib/core/config/api-version";
import { runSql } from "../support/test-control";
import {
  payWithWalletConnectSdk,
  walletConnectPayClient,
  type WalletConnectPayAuth,
} from "../support/walletconnect-pay";

// WalletConnect Pay's own wallet SDK (`@walletconnect/pay` from npm, unmodified) pays Tollgate
// payments: options → actions → sign → confirm, in test mode and on the local chain, with an API
// key and with a public App-Id. Every answer the SDK receives is checked against our OpenAPI
// document and WalletConnect's client contract.

// Each request of the suite's own client is also sent under the other API version (everyVersion).
test.use({ everyVersion: true });

const chain = new LocalChain(localChainRpc);
const erc20 = parseAbi(["function balanceOf(address) view returns (uint256)"]);
let authToken: Address;

test.beforeAll(async () => {
  authToken = getAddress(readFixtures().authToken);
});

/** What a wallet does with the SDK's action: sign the typed data it carries (`params` is the JSON of the RPC params). */
async function sign(wallet: PrivateKeyAccount, action: Action): Promise<Hex> {
  expect(action.walletRpc.method).toBe("eth_signTypedData_v4");
  const [from, json] = JSON.parse(action.walletRpc.params) as [string, string];
  expect(getAddress(from)).toBe(wallet.address);
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

/**
 * Watches the SDK's own HTTP calls (it uses the global fetch) and validates every gateway answer
 * against both documents of the version it sent. With `version`, the SDK's version headers
 * (`Wcp-Version`, `Api-Version`, fixed at 2026-02-19.preview in its build) are set to it on the way
 * out, as a wallet on a later SDK that moved to another version would send them; the SDK itself is unchanged.
 */
function validateSdkTraffic(documents: Record<string, VersionDocuments>, version?: string) {
  const original = globalThis.fetch;
  const seen: string[] = [];
  globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    if (version && url.pathname.startsWith("/v1/gateway/")) {
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      expect(headers.get("wcp-version"), "the SDK names its version").toBeTruthy();
      headers.set("Wcp-Version", version);
      if (headers.has("api-version")) headers.set("Api-Version", version);
      init = { ...init, headers };
    }
    const response = await original(input, init);
    if (url.pathname.startsWith("/v1/gateway/")) {
      const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
      const body = await response.clone().json();
      const answeredIn = response.headers.get("tollgate-version") ?? "";
      if (version) expect(answeredIn, "the answer is given in the version sent").toBe(version);
      const docs = documents[answeredIn];
      expect(docs, "the answer names a version the suite knows").toBeDefined();
      docs!.tollgate.check(method, url.pathname, response.status, body);
      docs!.walletConnect.check(method, url.pathname, response.status, body);
      seen.push(`${method} ${url.pathname.split("/").slice(5).join("/") || "payment"} ${response.status}`);
    }
    return response;
  };
  return { seen, restore: () => (globalThis.fetch = original) };
}

async function testModePayment(api: ApiClient) {
  const merchant = await createMerchant(api, { withUsdc: true });
  const created = await api.post(
    "/v1/payments",
    { referenceId: `sdk-${Date.now()}`, amount: { unit: "iso4217/USD", value: "1999" } },
    { merchantId: merchant.id },
  );
  return {
    merchantId: merchant.id,
    id: created.body.id as string,
    gatewayUrl: created.body.gatewayUrl as string,
  };
}

for (const [auth, version] of ["Api-Key", "App-Id"].flatMap((a) =>
  API_VERSIONS.map((v) => [a, v] as const),
)) {
  test(`test mode, ${auth}, Wcp-Version ${version}: the SDK reads the options, signs the gasless action and confirms; the payment succeeds`, async ({
    api,
    fixtures,
    documents,
  }) => {
    const payment = await testModePayment(api);
    const credentials: WalletConnectPayAuth =
      auth === "Api-Key"
        ? { apiKey: fixtures.accounts.a.keys.test }
        : { appId: fixtures.accounts.a.testAppId, clientId: `sdk-wallet-${Date.now()}` };
    const wallet = privateKeyToAccount(generatePrivateKey());
    const traffic = validateSdkTraffic(documents, version);
    try {
      const { options, result } = await payWithWalletConnectSdk(
        walletConnectPayClient(credentials),
        payment.gatewayUrl,
        [`eip155:8453:${wallet.address}`, `eip155:1:${wallet.address}`],
        (action) => sign(wallet, action),
      );
      // The SDK names the payment by the link it was given (the whole gatewayUrl, encoded).
      expect(decodeURIComponent(options.paymentId)).toBe(payment.gatewayUrl);
      expect(options.info).toMatchObject({
        status: "requires_action",
        amount: { unit: "iso4217/USD", value: "1999" },
      });
      expect(options.options).toHaveLength(1);
      expect(options.options[0]).toMatchObject({
        account: `eip155:8453:${wallet.address}`,
        amount: { value: "19990000", display: { assetSymbol: "USDC" } },
      });
      expect(result).toMatchObject({
        status: "succeeded",
        isFinal: true,
        info: { txId: `test:${payment.id}` },
      });
    } finally {
      traffic.restore();
    }
    expect(traffic.seen).toEqual(["POST options 200", "POST confirm 200"]);
    expect(
      (await api.get(`/v1/payments/${payment.id}`, { merchantId: payment.merchantId })).body.status,
    ).toBe("succeeded");
  });
}

for (const auth of ["Api-Key", "App-Id"] as const) {
  test(`live mode on the local chain, ${auth}: the SDK pays gasless; the relayer submits; the merchant receives exactly the amount and the buyer pays no gas`, async ({
    apiAs,
    fixtures,
    documents,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const asset = `${localCaip2}/erc20:${authToken}`;
    const destination = privateKeyToAccount(generatePrivateKey()).address;
    const merchant = (
      await api.post(
        "/v1/merchants",
        { merchantName: "SDK Shop", merchantEmail: "sdk@shop.example" },
        { idempotencyKey: freshKey() },
      )
    ).body.merchant;
    expect(
      (
        await api.post(
          `/v1/merchants/${merchant.id}/settlements/crypto`,
          { settlements: [{ asset, destination: `${localCaip2}:${destination}` }] },
          { idempotencyKey: freshKey() },
        )
      ).status,
    ).toBe(201);
    const created = (
      await api.post(
        "/v1/payments",
        { referenceId: `sdk-live-${Date.now()}`, amount: { unit: `caip19/${asset}`, value: "3100000" } },
        { merchantId: merchant.id },
      )
    ).body;
    const buyer = privateKeyToAccount(generatePrivateKey());
    await chain.transferToken(authToken, buyer.address, 5_000_000n);

    const credentials: WalletConnectPayAuth =
      auth === "Api-Key"
        ? { apiKey: fixtures.accounts.a.keys.live }
        : { appId: fixtures.accounts.a.liveAppId, clientId: `sdk-live-wallet-${Date.now()}` };
    // The App-Id wallet sends WalletConnect's stable version, the API-key one the SDK's own (the newer).
    const traffic = validateSdkTraffic(documents, auth === "App-Id" ? API_VERSIONS[0] : undefined);
    // The SDK's confirm holds until the payment is final, which on a chain takes blocks: mine while it waits.
    const miner = setInterval(() => void chain.mine(1, { sameTimestamp: true }), 250);
    let result;
    try {
      // Two accounts on two chains: only the local chain's can pay.
      ({ result } = await payWithWalletConnectSdk(
        walletConnectPayClient(credentials),
        created.gatewayUrl,
        [`${localCaip2}:${buyer.address}`, `eip155:10:${buyer.address}`],
        (action) => sign(buyer, action),
      ));
    } finally {
      clearInterval(miner);
      traffic.restore();
    }
    expect(result.status).toBe("succeeded");
    expect(traffic.seen[0]).toBe("POST options 200");
    expect(
      traffic.seen.slice(1).every((call) => call === "POST confirm 200" || call === "GET status 200"),
    ).toBe(true);

    await expect
      .poll(async () => (await api.get(`/v1/gateway/payment/${created.id}/status`)).body.status, {
        timeout: 20_000,
      })
      .toBe("succeeded");
    const status = (await api.get(`/v1/payments/${created.id}/status`, { merchantId: merchant.id })).body;
    expect(status.info.txId).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await chain.public.getTransactionReceipt({ hash: status.info.txId })).status).toBe("success");
    expect(
      await chain.public.readContract({
        address: authToken,
        abi: erc20,
        functionName: "balanceOf",
        args: [destination],
      }),
    ).toBe(3_100_000n);
    expect(await chain.public.getBalance({ address: buyer.address })).toBe(0n);
  });
}

test("information capture: the SDK is asked for the buyer's details, sends them with confirm, and they are kept sealed, never in the request log", async ({
  api,
  fixtures,
  documents,
}) => {
  const merchant = await createMerchant(api, { withUsdc: true });
  const patched = await api.patch(
    `/v1/merchants/${merchant.id}`,
    {
      collectData: {
        fields: ["fullName", "dob", "porCountry"],
        minAmount: { unit: "iso4217/USD", value: "100000" },
      },
    },
    { idempotencyKey: freshKey() },
  );
  expect(patched.body.merchant.collectData).toEqual({
    fields: ["fullName", "dob", "porCountry"],
    minAmount: { unit: "iso4217/USD", value: "100000" },
  });
  // Below the merchant's amount nothing is asked.
  const small = (
    await api.post(
      "/v1/payments",
      { referenceId: `ic-small-${Date.now()}`, amount: { unit: "iso4217/USD", value: "99999" } },
      { merchantId: merchant.id },
    )
  ).body;
  const wallet = privateKeyToAccount(generatePrivateKey());
  const accounts = [`eip155:8453:${wallet.address}`];
  expect(
    (await api.post(`/v1/gateway/payment/${small.id}/options`, { accounts })).body.collectData,
  ).toBeNull();

  const created = (
    await api.post(
      "/v1/payments",
      { referenceId: `ic-${Date.now()}`, amount: { unit: "iso4217/USD", value: "250000" } },
      { merchantId: merchant.id },
    )
  ).body;
  const options = await api.post(`/v1/gateway/payment/${created.id}/options`, { accounts });
  expect(options.body.collectData.fields).toEqual([
    { id: "fullName", name: "Full name", type: "text", required: true },
    { id: "dob", name: "Date of birth", type: "date", required: true },
    { id: "porCountry", name: "Country of residence", type: "text", required: true },
  ]);
  expect(options.body.options[0].collectData).toEqual(options.body.collectData);
  // A confirm without them is refused, naming each one missing or malformed.
  const missing = await api.post(`/v1/gateway/payment/${created.id}/confirm`, {
    optionId: options.body.options[0].id,
    results: [{ type: "walletRpc", data: ["0x00"] }],
    collectedData: {
      fields: [
        { id: "fullName", value: "Ada Lovelace" },
        { id: "dob", value: "10 December 1815" },
      ],
    },
  });
  expect(missing.status).toBe(400);
  expect(missing.body).toMatchObject({
    code: "params_validation",
    details: {
      fields: { "collectedData.dob": "A date as YYYY-MM-DD.", "collectedData.porCountry": "Required." },
    },
  });

  // WalletConnect's stable version (the other tests send the SDK's own, the newer one).
  const traffic = validateSdkTraffic(documents, API_VERSIONS[0]);
  try {
    const client = walletConnectPayClient({
      appId: fixtures.accounts.a.testAppId,
      clientId: `ic-wallet-${Date.now()}`,
    });
    const sdkOptions = await client.getPaymentOptions({
      paymentLink: created.gatewayUrl,
      accounts,
      includePaymentInfo: true,
    });
    const collect = sdkOptions.options[0]!.collectData ?? sdkOptions.collectData;
    expect(collect?.fields.map((f) => f.id)).toEqual(["fullName", "dob", "porCountry"]);
    const option = sdkOptions.options[0]!;
    const signatures = [await sign(wallet, option.actions[0]!)];
    const collectedData = [
      { id: "fullName", value: "Ada Lovelace" },
      { id: "dob", value: "1815-12-10" },
      { id: "porCountry", value: "GB" },
    ];
    const result = await client.confirmPayment({
      paymentId: sdkOptions.paymentId,
      optionId: option.id,
      signatures,
      collectedData,
    });
    expect(result).toMatchObject({ status: "succeeded", isFinal: true });
  } finally {
    traffic.restore();
  }
  expect(traffic.seen).toEqual(["POST options 200", "POST confirm 200"]);
  // Sealed at rest: the row holds ciphertext, not the name.
  // (runSql counts the rows a statement touched: a no-op UPDATE counts the rows that match.)
  expect(
    (
      await runSql(
        `UPDATE "Payment" SET "collectedData" = "collectedData" WHERE id = $1 AND "collectedData" LIKE 'v1.%' AND "collectedData" NOT LIKE '%Lovelace%'`,
        created.id,
      )
    ).count,
  ).toBe(1);
  // The confirms were logged (the log is written about once a second), their bodies without the details.
  await expect
    .poll(
      async () =>
        (
          await runSql(
            `UPDATE "RequestLog" SET path = path WHERE path LIKE $1`,
            `%${created.id.slice(4)}%confirm%`,
          )
        ).count,
      { timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(2);
  expect(
    (
      await runSql(
        `UPDATE "RequestLog" SET path = path WHERE "requestBody"::text LIKE '%Lovelace%' OR "errorBody"::text LIKE '%Lovelace%'`,
      )
    ).count,
  ).toBe(0);
});
