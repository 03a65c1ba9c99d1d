import type { PaymentRequirements } from "@x402/core/types";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, test } from "../support/api";
import { axeFindings, isSerious } from "../support/axe";
import { createMerchant, sampleAddress, usdcBase } from "../support/merchants";
import { signInAs } from "../support/ui";
import { agentFetch, paywalledServer } from "../support/x402";

// A payment an agent made through a merchant's x402 paywall is an ordinary payment on the dashboard,
// marked as paid with x402 and naming the resource it bought.

test("the payment page says it was paid with x402 and names the resource", async ({
  page,
  api,
  fixtures,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const merchant = await createMerchant(api, { withUsdc: true, name: "Weather Desk" });
  const requirements: Partial<PaymentRequirements> = {
    asset: usdcBase.split(":").pop()!,
    payTo: sampleAddress,
  };
  const server = await paywalledServer({
    port: 0,
    apiKey: fixtures.accounts.a.keys.test,
    merchantId: merchant.id,
    network: "eip155:8453",
    payTo: requirements.payTo!,
    price: "$0.25",
  });
  let paymentId: string;
  try {
    const answer = await agentFetch(privateKeyToAccount(generatePrivateKey()))(server.url);
    expect(answer.status).toBe(200);
    paymentId = JSON.parse(
      Buffer.from(answer.headers.get("payment-response")!, "base64").toString(),
    ).transaction.slice("test:".length);
  } finally {
    await server.close();
  }

  await signInAs(page, "owner", "a");
  await page.goto(`/test/payments/${paymentId}`);
  const marked = page.getByTestId("x402-payment");
  await expect(marked).toContainText("Paid with x402");
  await expect(marked).toContainText(server.url);
  await expect(
    page
      .getByTestId("timeline-title")
      .filter({ hasText: `An agent authorized an x402 payment for ${server.url}` }),
  ).toBeVisible();
  await expect(page.getByTestId("payment-amount")).toHaveText("0.25 USDC");
  expect((await axeFindings(page)).filter(isSerious)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("x402-payment-390.png"), fullPage: true });
});
