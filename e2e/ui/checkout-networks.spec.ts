import { ApiClient, expect, freshKey, test } from "../support/api";
import { axeFindings, isSerious } from "../support/axe";
import { devAccounts, startLocalChain } from "../support/chain";
import { checkoutViewport } from "../support/checkout";
import { LiveServer } from "../support/live-server";
import { usdcBase } from "../support/merchants";
import { ethereumChainId, ethereumChainPort, extraPort, usesPostgres } from "../support/settings";

// Two local nodes at once, one posing as Base and one as Ethereum (issue 28): a merchant who
// accepts USDC on both, registered Ethereum first, gets a checkout that offers Base first, since
// paying there costs the buyer a fraction of a cent in fees instead of dollars.

const usdcEthereum = "eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
const ethereumRpc = `http://127.0.0.1:${ethereumChainPort}`;

test.describe("a checkout offering two networks", () => {
  test.skip(usesPostgres, "The server under test has its own embedded database: one pass covers it.");
  test.setTimeout(180_000);

  let ethereum: Awaited<ReturnType<typeof startLocalChain>>;
  let live: LiveServer;
  test.beforeAll(async () => {
    // Resolves once the node answers eth_chainId with 1, the chain the live server is told it is.
    ethereum = await startLocalChain(ethereumChainPort, ethereumChainId);
    live = new LiveServer(extraPort(1), {
      [`CHAIN_RPC_EIP155_${ethereumChainId}`]: ethereumRpc,
      [`CHAIN_CONFIRMATIONS_EIP155_${ethereumChainId}`]: "1",
    });
    await live.start();
  });
  test.afterAll(async () => {
    await live?.stop();
    ethereum?.kill();
  });

  test("at 390 px lists the networks cheapest first, whatever order the merchant registered them in", async ({
    page,
    playwright,
    documents,
  }) => {
    const request = await playwright.request.newContext({ baseURL: live.url });
    const api = new ApiClient(request, documents, { "Api-Key": live.liveKey });
    const merchantId = (
      await api.post(
        "/v1/merchants",
        { merchantName: "Two Networks", merchantEmail: "networks@shop.example" },
        { idempotencyKey: freshKey("merchant") },
      )
    ).body.merchant.id as string;
    const wallet = devAccounts[1]!.address;
    const registered = await api.post(
      `/v1/merchants/${merchantId}/settlements/crypto`,
      {
        settlements: [
          { asset: usdcEthereum, destination: `eip155:1:${wallet}` },
          { asset: usdcBase, destination: `eip155:8453:${wallet}` },
        ],
      },
      { idempotencyKey: freshKey("settlements") },
    );
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const listed = await api.get(`/v1/merchants/${merchantId}/settlements`);
    expect(
      listed.body.crypto.map((s: { asset: string }) => s.asset),
      "the merchant's own order puts Ethereum first",
    ).toEqual([usdcEthereum, usdcBase]);
    const payment = await api.post(
      "/v1/payments",
      { referenceId: "NET-390", amount: { unit: "iso4217/USD", value: "1050" } },
      { merchantId },
    );
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);

    await page.setViewportSize(checkoutViewport);
    await page.goto(payment.body.gatewayUrl as string);
    const options = page.getByTestId("payment-option");
    await expect(options).toHaveCount(2);
    await expect(options.nth(0)).toHaveAttribute("data-asset", usdcBase);
    await expect(options.nth(0).locator("summary")).toContainText("USDC");
    await expect(options.nth(0).locator("summary")).toContainText("on Base");
    await expect(options.nth(0)).toHaveAttribute("open", "");
    await expect(options.nth(1)).toHaveAttribute("data-asset", usdcEthereum);
    await expect(options.nth(1).locator("summary")).toContainText("on Ethereum");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      checkoutViewport.width,
    );
    expect((await axeFindings(page)).filter(isSerious)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath("checkout-networks-390.png"), fullPage: true });
    await request.dispose();
  });
});
