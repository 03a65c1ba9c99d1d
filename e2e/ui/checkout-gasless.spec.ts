import { getAddress, parseAbi, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, freshKey, test } from "../support/api";
import { signInAs } from "../support/ui";
import {
  bridgeMessages,
  checkoutViewport,
  installBridge,
  successMessage,
  watchCspViolations,
} from "../support/checkout";
import { LocalChain, localCaip2, relayerAddress } from "../support/chain";
import { localChainRpc } from "../support/settings";

// The hosted checkout pays through the Gateway: with a token that supports EIP-3009 the browser
// wallet only signs, the relayer submits, and the buyer (who holds no ETH) pays no gas.
const chain = new LocalChain(localChainRpc);
const erc20 = parseAbi(["function balanceOf(address) view returns (uint256)"]);

test("Pay with browser wallet on a gasless token: one signature, no gas, the merchant receives the amount (390 px)", async ({
  page,
  apiAs,
  fixtures,
}) => {
  await page.setViewportSize(checkoutViewport);
  const token = getAddress(fixtures.authToken);
  const asset = `${localCaip2}/erc20:${token}`;
  const buyer = privateKeyToAccount(generatePrivateKey());
  await chain.transferToken(token, buyer.address, 5_000_000n);
  const destination = privateKeyToAccount(generatePrivateKey()).address;

  const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
  const merchant = (
    await api.post(
      "/v1/merchants",
      { merchantName: "Gasless Cafe", merchantEmail: "cafe@shop.example" },
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
  const payment = (
    await api.post(
      "/v1/payments",
      { referenceId: "gasless-1", amount: { unit: `caip19/${asset}`, value: "3000000" } },
      { merchantId: merchant.id },
    )
  ).body;

  // An injected wallet whose signing is done by viem in the test, with the buyer's key.
  const calls: string[] = [];
  await page.exposeFunction("__sign", (method: string, params: unknown[]) => {
    calls.push(method);
    const typed = JSON.parse(params[1] as string);
    const types = Object.fromEntries(
      Object.entries(typed.types).filter(([name]) => name !== "EIP712Domain"),
    ) as Record<string, { name: string; type: string }[]>;
    return buyer.signTypedData({
      domain: typed.domain,
      types,
      primaryType: typed.primaryType,
      message: typed.message,
    });
  });
  await page.addInitScript(
    ({ account, chainId }) => {
      const sign = (window as unknown as { __sign: (m: string, p: unknown[]) => Promise<string> }).__sign;
      Object.assign(window, {
        ethereum: {
          async request(call: { method: string; params?: unknown[] }) {
            if (call.method === "eth_requestAccounts") return [account];
            if (call.method === "eth_chainId") return chainId;
            if (call.method === "eth_signTypedData_v4") return sign(call.method, call.params ?? []);
            throw Object.assign(new Error(`unexpected ${call.method}`), { code: 4200 });
          },
        },
      });
    },
    { account: buyer.address, chainId: `0x${(8453).toString(16)}` },
  );
  const violations = watchCspViolations(page);
  await installBridge(page);
  await page.goto(new URL(payment.gatewayUrl).pathname);
  const relayerNonce = await chain.public.getTransactionCount({ address: relayerAddress });
  await page.getByRole("button", { name: "Pay with browser wallet" }).click();
  await expect(page.getByTestId("wallet-submitted")).toContainText("Payment signed and submitted.");
  expect(calls).toEqual(["eth_signTypedData_v4"]);
  await page.screenshot({
    path: test.info().outputPath("checkout-gasless-submitted-390.png"),
    fullPage: true,
  });

  await chain.mine(3, { sameTimestamp: true });
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath("checkout-gasless-paid-390.png"), fullPage: true });
  expect(await chain.public.getTransactionCount({ address: relayerAddress })).toBe(relayerNonce + 1);
  expect(
    await chain.public.readContract({
      address: token,
      abi: erc20,
      functionName: "balanceOf",
      args: [destination as Address],
    }),
  ).toBe(3_000_000n);
  expect(await chain.public.getBalance({ address: buyer.address })).toBe(0n);
  const status = (await api.get(`/v1/payments/${payment.id}/status`, { merchantId: merchant.id })).body;
  expect(status).toMatchObject({ status: "succeeded" });
  expect(status.info.txId as Hex).toMatch(/^0x[0-9a-f]{64}$/);
  expect((await bridgeMessages(page)).map((m) => m.message)).toEqual([successMessage]);
  expect(violations).toEqual([]);

  // Support reads the same story on the payment's history: a gasless signature, not a transaction.
  await signInAs(page, "owner");
  await page.goto(`/live/payments/${payment.id}`);
  await expect(page.getByText("The buyer's wallet signed a gasless authorization")).toBeVisible();
  await expect(page.getByText(/Gasless signature for eip155:8453:0x/)).toBeVisible();
  await expect(page.getByText("The buyer's wallet chose to send a transaction")).toHaveCount(0);
});
