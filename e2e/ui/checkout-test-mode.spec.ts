import type { Page } from "@playwright/test";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { expect, test } from "../support/api";
import { axeFindings } from "../support/axe";
import { signTypedJson } from "../support/chain";
import { apiStatus, checkoutViewport, newCheckoutPayment, watchCspViolations } from "../support/checkout";
import { sampleAddress, usdcBase } from "../support/merchants";

// Issue 33, item 3: a test payment's checkout is the live checkout (options, QR, address, copy
// buttons, the wallet), paid against test-mode options (the signature is verified, nothing is
// submitted), with the simulator in a panel of its own that a live buyer never sees.
test.use({ viewport: checkoutViewport });

const shot = (name: string) => ({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/**
 * An injected EIP-1193 wallet on Base that says it is `account` and signs with `signer` (the same
 * key for an honest wallet). It records every method it is asked, and refuses to send anything.
 */
async function injectWallet(page: Page, account: string, signer: PrivateKeyAccount) {
  const calls: string[] = [];
  await page.exposeFunction("__sign", (method: string, json: string) => {
    calls.push(method);
    return signTypedJson(signer, json);
  });
  await page.addInitScript(
    ({ account, chainId }) => {
      const sign = (window as unknown as { __sign: (m: string, json: string) => Promise<string> }).__sign;
      Object.assign(window, {
        ethereum: {
          async request(call: { method: string; params?: unknown[] }) {
            if (call.method === "eth_requestAccounts") return [account];
            if (call.method === "eth_chainId") return chainId;
            if (call.method === "eth_signTypedData_v4") return sign(call.method, call.params![1] as string);
            await sign(call.method, "{}").catch(() => {});
            throw Object.assign(new Error(`unexpected ${call.method}`), { code: 4200 });
          },
        },
      });
    },
    { account, chainId: `0x${(8453).toString(16)}` },
  );
  return calls;
}

test("a test payment shows the live checkout's option, QR code, address and copy buttons, with the simulator in a marked panel (390 px, axe clean)", async ({
  page,
  api,
}) => {
  const violations = watchCspViolations(page);
  const { path } = await newCheckoutPayment(api, { name: "Rehearsal Roasters" });
  await page.goto(path);

  await expect(page.getByTestId("test-mode-banner")).toHaveText(/TEST MODE/);
  const option = page.getByTestId("payment-option");
  await expect(option).toHaveCount(1);
  await expect(option).toHaveAttribute("data-asset", usdcBase);
  await expect(option.locator("summary")).toContainText("on Base");
  await expect(option.locator("summary")).toContainText("10.5 USDC");
  await expect(page.getByRole("img", { name: "QR code to pay 10.5 USDC on Base" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open in wallet" })).toHaveAttribute(
    "href",
    `ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=${sampleAddress}&uint256=10500000`,
  );
  await expect(option).toContainText(sampleAddress);
  // The real address is shown, so the page says plainly that nothing sent to it is watched.
  await expect(option.getByTestId("test-transfer-note")).toContainText("do not send real funds");
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await option.getByRole("button", { name: "Copy address" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sampleAddress);

  // The simulator is there too, below the buyer's controls, marked as a buyer never sees it.
  const simulator = page.getByRole("region", { name: "Simulator · test mode only" });
  await expect(simulator).toContainText("Buyers never see this panel.");
  await expect(simulator.getByRole("button", { name: "Simulate success" })).toBeVisible();
  expect(
    await page.evaluate(() => {
      const simulatorTop = document.querySelector("[data-testid=simulator]")!.getBoundingClientRect().top;
      return (
        document.querySelector("[data-testid=payment-option]")!.getBoundingClientRect().top < simulatorTop
      );
    }),
  ).toBe(true);

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    checkoutViewport.width,
  );
  expect(await axeFindings(page)).toEqual([]);
  await page.screenshot(shot("test-checkout-open-390"));
  expect(violations).toEqual([]);
});

test("Pay with browser wallet in test mode: a signature from another key is refused, the buyer's own pays the payment and nothing is submitted", async ({
  page,
  api,
}) => {
  const buyer = privateKeyToAccount(generatePrivateKey());
  const impostor = privateKeyToAccount(generatePrivateKey());
  const { merchant, payment, path } = await newCheckoutPayment(api, { name: "Rehearsal Roasters" });

  // First a wallet whose signature is not its account's: the server checks it and refuses.
  const forged = await injectWallet(page, buyer.address, impostor);
  await page.goto(path);
  await page.getByRole("button", { name: "Pay with browser wallet" }).click();
  await expect(page.getByRole("alert")).toContainText(`The signature is not ${buyer.address}'s`);
  expect(forged).toEqual(["eth_signTypedData_v4"]);
  expect((await apiStatus(api, payment.id, merchant.id)).status).toBe("requires_action");
  // The refusal names a whole address, wrapped within the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    checkoutViewport.width,
  );
  await page.screenshot(shot("test-checkout-forged-signature-390"));

  // Then the buyer's own wallet: one signature, verified, and the payment succeeds as in live mode.
  const page2 = await page.context().newPage();
  const calls = await injectWallet(page2, buyer.address, buyer);
  await page2.goto(path);
  await page2.getByRole("button", { name: "Pay with browser wallet" }).click();
  const outcome = page2.getByTestId("payment-outcome");
  await expect(outcome).toHaveAttribute("data-status", "succeeded");
  await expect(outcome.getByRole("heading")).toHaveText("Payment successful");
  await expect(page2.getByRole("button", { name: /Simulate/ })).toHaveCount(0);
  await page2.screenshot(shot("test-checkout-wallet-paid-390"));
  // Only a signature was asked for: the wallet sent nothing, and neither did Tollgate.
  expect(calls).toEqual(["eth_signTypedData_v4"]);
  expect(await apiStatus(api, payment.id, merchant.id)).toMatchObject({
    status: "succeeded",
    info: { txId: `test:${payment.id}` },
  });
});
