import { getAddress, parseAbi, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import type { Action } from "@walletconnect/pay";
import { readFixtures } from "../support/fixtures-data";
import { expect, freshKey, test, type ApiClient } from "../support/api";
import { LocalChain, localCaip2 } from "../support/chain";
import { createMerchant } from "../support/merchants";
import type { OpenApiValidator } from "../support/openapi-validator";
import { localChainRpc } from "../support/settings";
import { expectWalletConnectShape } from "../support/walletconnect-contract";
import { payWithWalletConnectSdk, walletConnectPayClient, type WalletConnectPayAuth } from "../support/walletconnect-pay";

// WalletConnect Pay's own wallet SDK (`@walletconnect/pay` from npm, unmodified) pays Tollgate
// payments: options → actions → sign → confirm, in test mode and on the local chain, with an API
// key and with a public App-Id. Every answer the SDK receives is checked against our OpenAPI
// document and WalletConnect's client contract.

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
  const types = Object.fromEntries(Object.entries(typed.types).filter(([name]) => name !== "EIP712Domain")) as Record<string, { name: string; type: string }[]>;
  return wallet.signTypedData({ domain: typed.domain, types, primaryType: typed.primaryType, message: typed.message });
}

/** Watches the SDK's own HTTP calls (it uses the global fetch) and validates every gateway answer. */
function validateSdkTraffic(validator: OpenApiValidator) {
  const original = globalThis.fetch;
  const seen: string[] = [];
  globalThis.fetch = async (input, init) => {
    const response = await original(input, init);
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    if (url.pathname.startsWith("/v1/gateway/")) {
      const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
      const body = await response.clone().json();
      validator.check(method, url.pathname, response.status, body);
      expectWalletConnectShape(method, url.pathname, response.status, body);
      seen.push(`${method} ${url.pathname.split("/").slice(5).join("/") || "payment"} ${response.status}`);
    }
    return response;
  };
  return { seen, restore: () => (globalThis.fetch = original) };
}

async function testModePayment(api: ApiClient) {
  const merchant = await createMerchant(api, { withUsdc: true });
  const created = await api.post("/v1/payments", { referenceId: `sdk-${Date.now()}`, amount: { unit: "iso4217/USD", value: "1999" } }, { merchantId: merchant.id });
  return { merchantId: merchant.id, id: created.body.id as string, gatewayUrl: created.body.gatewayUrl as string };
}

for (const auth of ["Api-Key", "App-Id"] as const) {
  test(`test mode, ${auth}: the SDK reads the options, signs the gasless action and confirms; the payment succeeds`, async ({ api, fixtures, validator }) => {
    const payment = await testModePayment(api);
    const credentials: WalletConnectPayAuth = auth === "Api-Key" ? { apiKey: fixtures.accounts.a.keys.test } : { appId: fixtures.accounts.a.testAppId, clientId: `sdk-wallet-${Date.now()}` };
    const wallet = privateKeyToAccount(generatePrivateKey());
    const traffic = validateSdkTraffic(validator);
    try {
      const { options, result } = await payWithWalletConnectSdk(walletConnectPayClient(credentials), payment.gatewayUrl, [`eip155:8453:${wallet.address}`, `eip155:1:${wallet.address}`], (action) => sign(wallet, action));
      // The SDK names the payment by the link it was given (the whole gatewayUrl, encoded).
      expect(decodeURIComponent(options.paymentId)).toBe(payment.gatewayUrl);
      expect(options.info).toMatchObject({ status: "requires_action", amount: { unit: "iso4217/USD", value: "1999" } });
      expect(options.options).toHaveLength(1);
      expect(options.options[0]).toMatchObject({ account: `eip155:8453:${wallet.address}`, amount: { value: "19990000", display: { assetSymbol: "USDC" } } });
      expect(result).toMatchObject({ status: "succeeded", isFinal: true, info: { txId: `test:${payment.id}` } });
    } finally {
      traffic.restore();
    }
    expect(traffic.seen).toEqual(["POST options 200", "POST confirm 200"]);
    expect((await api.get(`/v1/payments/${payment.id}`, { merchantId: payment.merchantId })).body.status).toBe("succeeded");
  });
}

for (const auth of ["Api-Key", "App-Id"] as const) {
  test(`live mode on the local chain, ${auth}: the SDK pays gasless; the relayer submits; the merchant receives exactly the amount and the buyer pays no gas`, async ({ apiAs, fixtures, validator }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const asset = `${localCaip2}/erc20:${authToken}`;
    const destination = privateKeyToAccount(generatePrivateKey()).address;
    const merchant = (await api.post("/v1/merchants", { merchantName: "SDK Shop", merchantEmail: "sdk@shop.example" }, { idempotencyKey: freshKey() })).body.merchant;
    expect((await api.post(`/v1/merchants/${merchant.id}/settlements/crypto`, { settlements: [{ asset, destination: `${localCaip2}:${destination}` }] }, { idempotencyKey: freshKey() })).status).toBe(201);
    const created = (await api.post("/v1/payments", { referenceId: `sdk-live-${Date.now()}`, amount: { unit: `caip19/${asset}`, value: "3100000" } }, { merchantId: merchant.id })).body;
    const buyer = privateKeyToAccount(generatePrivateKey());
    await chain.transferToken(authToken, buyer.address, 5_000_000n);

    const credentials: WalletConnectPayAuth = auth === "Api-Key" ? { apiKey: fixtures.accounts.a.keys.live } : { appId: fixtures.accounts.a.liveAppId, clientId: `sdk-live-wallet-${Date.now()}` };
    const traffic = validateSdkTraffic(validator);
    // The SDK's confirm holds until the payment is final, which on a chain takes blocks: mine while it waits.
    const miner = setInterval(() => void chain.mine(1, { sameTimestamp: true }), 250);
    let result;
    try {
      // Two accounts on two chains: only the local chain's can pay.
      ({ result } = await payWithWalletConnectSdk(walletConnectPayClient(credentials), created.gatewayUrl, [`${localCaip2}:${buyer.address}`, `eip155:10:${buyer.address}`], (action) => sign(buyer, action)));
    } finally {
      clearInterval(miner);
      traffic.restore();
    }
    expect(result.status).toBe("succeeded");
    expect(traffic.seen[0]).toBe("POST options 200");
    expect(traffic.seen.slice(1).every((call) => call === "POST confirm 200" || call === "GET status 200")).toBe(true);

    await expect.poll(async () => (await api.get(`/v1/gateway/payment/${created.id}/status`)).body.status, { timeout: 20_000 }).toBe("succeeded");
    const status = (await api.get(`/v1/payments/${created.id}/status`, { merchantId: merchant.id })).body;
    expect(status.info.txId).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await chain.public.getTransactionReceipt({ hash: status.info.txId })).status).toBe("success");
    expect(await chain.public.readContract({ address: authToken, abi: erc20, functionName: "balanceOf", args: [destination] })).toBe(3_100_000n);
    expect(await chain.public.getBalance({ address: buyer.address })).toBe(0n);
  });
}
