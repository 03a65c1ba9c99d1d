import { expect, freshKey, test } from "../support/api";
import { axeFindings, isSerious } from "../support/axe";
import { checkoutViewport, watchCspViolations } from "../support/checkout";
import { sampleAddress, usdcBase } from "../support/merchants";
import { localSolanaChainId, solanaTestMints } from "../support/solana-settings";
import {
  airdrop,
  mintTokens,
  newSolanaWallet,
  payTransferRequest,
  tokenBalance,
} from "../support/solana-wallet";

// The hosted checkout of a live payment whose merchant takes USDC on Base and on Solana (issue 29):
// the Solana option is a Solana Pay transfer request, as a QR code, a link and copy buttons, at a
// phone's width; a wallet paying it from the link moves the page on by itself.

const usdcSolana = `${localSolanaChainId}/token:${solanaTestMints.USDC}`;
const shot = (name: string) => ({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test("a live Solana option shows its Solana Pay request as a QR code, a link and copy buttons, and paying it from the link succeeds", async ({
  page,
  apiAs,
  fixtures,
}) => {
  const violations = watchCspViolations(page);
  const live = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
  const merchantWallet = (await newSolanaWallet()).address;
  const created = await live.post(
    "/v1/merchants",
    { merchantName: "Sol & Base Shop", merchantEmail: "both@shop.example" },
    { idempotencyKey: freshKey("merchant") },
  );
  const merchantId = (created.body.merchant as { id: string }).id;
  const registered = await live.post(
    `/v1/merchants/${merchantId}/settlements/crypto`,
    {
      settlements: [
        { asset: usdcBase, destination: `eip155:8453:${sampleAddress}` },
        { asset: usdcSolana, destination: `${localSolanaChainId}:${merchantWallet}` },
      ],
    },
    { idempotencyKey: freshKey("settlement") },
  );
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const payment = await live.post(
    "/v1/payments",
    { referenceId: "SOL-390", amount: { unit: "iso4217/USD", value: "1050" } },
    { merchantId },
  );
  expect(payment.status, JSON.stringify(payment.body)).toBe(201);

  await page.setViewportSize(checkoutViewport);
  // The page's script tells the server which option is open (the first, on load); once it has,
  // the script has run and shown that option's copy buttons, so the click below lands where it aims.
  const firstChosen = page.waitForResponse((r) => r.url().endsWith("/option") && r.ok());
  await page.goto(new URL(payment.body.gatewayUrl as string).pathname);
  await firstChosen;
  const option = page.locator(`[data-testid="payment-option"][data-asset="${usdcSolana}"]`);
  await expect(option.locator("summary")).toContainText("10.5 USDC");
  await option.locator("summary").click();
  await expect(option).toHaveAttribute("open", "");
  await expect(option.getByRole("img", { name: "Solana Pay QR code to pay 10.5 USDC" })).toBeVisible();
  const link = option.getByRole("link", { name: "Open in Solana wallet" });
  const uri = (await link.getAttribute("href"))!;
  expect(uri).toMatch(
    new RegExp(
      `^solana:${merchantWallet}\\?amount=10\\.5&spl-token=${solanaTestMints.USDC}&reference=[1-9A-HJ-NP-Za-km-z]{32,44}&label=Sol%20%26%20Base%20Shop&message=Order%20SOL-390$`,
    ),
  );
  await expect(option).toContainText(merchantWallet);

  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await option.getByRole("button", { name: "Copy payment request" }).click();
  await expect(option.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(uri);
  await option.getByRole("button", { name: "Copy address" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(merchantWallet);
  await option.getByRole("button", { name: "Copy amount" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe("10.5");

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    checkoutViewport.width,
  );
  expect((await axeFindings(page)).filter(isSerious)).toEqual([]);
  await page.screenshot(shot("checkout-solana-pay-390"));

  // Any Solana wallet pays the request (it sends the transfer itself, with the reference).
  const buyer = await newSolanaWallet();
  await airdrop(buyer.address, 1_000_000_000n);
  await mintTokens(solanaTestMints.USDC, buyer.address, 20_000_000n);
  await payTransferRequest(buyer, uri);
  const outcome = page.getByTestId("payment-outcome");
  await expect(outcome).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
  await expect(outcome.getByRole("heading")).toHaveText("Payment successful");
  expect(await tokenBalance(merchantWallet, solanaTestMints.USDC)).toBe(10_500_000n);
  await page.screenshot(shot("checkout-solana-pay-paid-390"));
  expect(violations).toEqual([]);
});
