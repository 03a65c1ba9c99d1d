import type { Page } from "@playwright/test";
import { createWalletClient, erc20Abi, getAddress, http, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, freshKey, test } from "../support/api";
import { axeFindings, isSerious } from "../support/axe";
import { LocalChain, localCaip2 } from "../support/chain";
import { checkoutViewport, watchCspViolations } from "../support/checkout";
import { watcherHasRead } from "../support/live-payments";
import { localChainId, localChainRpc } from "../support/settings";

// The hosted checkout's deposit address (issue 28) at a phone's width: the open option's card names
// the payment's own address, never the merchant's shared wallet (a plain transfer there could not be
// told to be this payment's), with an EIP-681 QR code, link and copy buttons for the amount due;
// after the exchange sent less than due, the same card says how much is still due, at that address.

const chain = new LocalChain(localChainRpc);
const shot = (name: string) => ({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** Whether the page (its markup and its script's data) names `address` anywhere, in any case or as an ABI word. */
const names = async (page: Page, address: Address) =>
  (await page.content()).toLowerCase().includes(address.slice(2).toLowerCase());

test("the payment option at 390 px names the deposit address with its EIP-681 QR code and copy buttons, never the shared wallet; after a short transfer, what is still due at the same address", async ({
  page,
  apiAs,
  fixtures,
}) => {
  test.setTimeout(300_000);
  const violations = watchCspViolations(page);
  const token = getAddress(await chain.deployToken("XUSD", 6));
  const asset = `${localCaip2}/erc20:${token}`;
  const exchange = privateKeyToAccount(generatePrivateKey());
  await chain.sendEth(exchange.address, 10n ** 18n);
  await chain.transferToken(token, exchange.address, 100_000_000n);
  const live = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
  const merchantId = (
    await live.post(
      "/v1/merchants",
      { merchantName: "Exchange Shop", merchantEmail: "deposit@shop.example" },
      { idempotencyKey: freshKey("merchant") },
    )
  ).body.merchant.id as string;
  const wallet = privateKeyToAccount(generatePrivateKey()).address;
  const registered = await live.post(
    `/v1/merchants/${merchantId}/settlements/crypto`,
    { settlements: [{ asset, destination: `${localCaip2}:${wallet}` }] },
    { idempotencyKey: freshKey("settlement") },
  );
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const payment = await live.post(
    "/v1/payments",
    { referenceId: "DEP-390", amount: { unit: `caip19/${asset}`, value: "12500000" } },
    { merchantId },
  );
  expect(payment.status, JSON.stringify(payment.body)).toBe(201);
  // The watcher gives open payments their deposit addresses at its next pass.
  await chain.mine(1);
  await watcherHasRead(await chain.height());

  await page.setViewportSize(checkoutViewport);
  await page.goto(new URL(payment.body.gatewayUrl as string).pathname);
  // One card for the option, open first; no second panel repeating it.
  await expect(page.getByTestId("payment-option")).toHaveCount(1);
  const option = page.locator('[data-testid="payment-option"][open]');
  await expect(option).toHaveAttribute("data-asset", asset);
  await expect(option.locator("summary")).toContainText("XUSD");
  await expect(option.locator("summary")).toContainText("12.5 XUSD");
  const address = getAddress((await option.getByTestId("deposit-address").textContent())!.trim()) as Address;
  expect(address).not.toBe(wallet);
  // EIP-681: the token contract, the chain, and a transfer of the amount due to the deposit address.
  await expect(option.getByTestId("payment-qr")).toHaveCount(1);
  await expect(option.getByRole("img", { name: /^QR code to pay 12\.5 XUSD on .+$/ })).toBeVisible();
  await expect(option.getByRole("link", { name: "Open in wallet" })).toHaveAttribute(
    "href",
    `ethereum:${token}@${localChainId}/transfer?address=${address}&uint256=12500000`,
  );
  // What a buyer sending from an exchange needs to know.
  await expect(option).toContainText(`Or send exactly 12.5 XUSD on`);
  await expect(option).toContainText(
    "This address is this payment's alone: whatever arrives there pays it, in one transfer or several.",
  );
  await expect(option.getByTestId("deposit-still-due")).toHaveCount(0);
  expect(await names(page, wallet), "the page names the merchant's shared wallet").toBe(false);

  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await option.getByRole("button", { name: "Copy address" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await option.getByRole("button", { name: "Copy amount" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe("12.5");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    checkoutViewport.width,
  );
  expect((await axeFindings(page)).filter(isSerious)).toEqual([]);
  await page.screenshot(shot("checkout-deposit-390"));

  // The browser-wallet button pays through the Gateway by settlement, whatever the QR code names:
  // an injected wallet is asked for its account on the option's chain, then for the Gateway's action.
  await page.addInitScript(
    (chainId) => {
      const calls: string[] = [];
      Object.assign(window, {
        __walletCalls: calls,
        ethereum: {
          async request({ method }: { method: string }) {
            calls.push(method);
            if (method === "eth_requestAccounts") return ["0x2222222222222222222222222222222222222222"];
            if (method === "eth_chainId") return chainId;
            throw Object.assign(new Error("User rejected the request."), { code: 4001 });
          },
        },
      });
    },
    `0x${BigInt(localChainId).toString(16)}`,
  );
  await page.reload();
  await option.getByRole("button", { name: "Pay with browser wallet" }).click();
  await expect(option.getByRole("alert")).toHaveText("You declined the request in your wallet.");
  const calls = await page.evaluate(() => (window as unknown as { __walletCalls: string[] }).__walletCalls);
  expect(calls.slice(0, 2)).toEqual(["eth_requestAccounts", "eth_chainId"]);
  expect(["eth_sendTransaction", "eth_signTypedData_v4"]).toContain(calls[2]);

  // The exchange sends 10 of the 12.5 due: a plain `transfer`, nothing else.
  const exchangeWallet = createWalletClient({
    account: exchange,
    chain: chain.chain,
    transport: http(localChainRpc),
  });
  const sent = await exchangeWallet.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: "transfer",
    args: [address, 10_000_000n],
  });
  await chain.public.waitForTransactionReceipt({ hash: sent });
  const still = page.locator('[data-testid="payment-option"][open]');
  await expect
    .poll(
      async () => {
        await chain.mine(1);
        await page.reload();
        return still.getByTestId("deposit-still-due").count();
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(1);
  await expect(page.getByTestId("deposit-still-due")).toHaveCount(1);
  const stillDue = still.getByTestId("deposit-still-due");
  await expect(stillDue).toHaveText("Received 10 XUSD. Still due: 2.5 XUSD, to the same address.");
  await expect(stillDue).toHaveAttribute("role", "status");
  // An amount never breaks between its figure and its symbol, even at 390 px.
  for (const amount of await still.locator(".option-body strong").all())
    expect(await amount.evaluate((e) => e.getClientRects().length), await amount.innerText()).toBe(1);
  await expect(still.locator("summary")).toContainText("2.5 XUSD");
  await expect(still.getByTestId("deposit-address")).toHaveText(address);
  await expect(still.getByRole("link", { name: "Open in wallet" })).toHaveAttribute(
    "href",
    `ethereum:${token}@${localChainId}/transfer?address=${address}&uint256=2500000`,
  );
  await expect(still.getByRole("img", { name: /^QR code to pay 2\.5 XUSD on / })).toBeVisible();
  await expect(still).toContainText("Or send exactly 2.5 XUSD on");
  await still.getByRole("button", { name: "Copy amount" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe("2.5");
  await still.getByRole("button", { name: "Copy address" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  expect(await names(page, wallet), "the page names the merchant's shared wallet").toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    checkoutViewport.width,
  );
  expect((await axeFindings(page)).filter(isSerious)).toEqual([]);
  await page.screenshot(shot("checkout-deposit-short-390"));
  // The money stays at the address for the top-up; nothing has been swept yet.
  expect(
    await chain.public.readContract({
      address: token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [address],
    }),
  ).toBe(10_000_000n);
  // Only topping the address up pays the rest: no wallet is offered the whole amount again.
  await expect(page.getByRole("heading", { name: "Send the rest" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay with browser wallet" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Pay with WalletConnect" })).toHaveCount(0);

  expect(violations).toEqual([]);
});
