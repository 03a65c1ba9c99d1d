import { expect, test } from "../support/api";
import { axeFindings, isSerious } from "../support/axe";
import { checkoutViewport } from "../support/checkout";
import { freshKey } from "../support/api";
import { sampleAddress } from "../support/merchants";
import { signInAs } from "../support/ui";

// A merchant cannot look set up when its buyers cannot pay (issue 33, problem 2): a live destination
// on a chain this install cannot verify (the test server has an RPC for Base only) is marked on the
// merchant's page and on the overview, and its checkout shows the merchant's contact and no
// countdown ticking towards nothing.
const usdcArbitrum = "eip155:42161/erc20:0xaf88d065e77c8cC2239327C5EDb3A432268e5831";

const shot = (name: string) => ({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test("a live destination on a chain this install cannot verify is marked until fixed, and its buyers see whom to ask", async ({
  page,
  apiAs,
  fixtures,
}) => {
  const live = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
  const name = `Arbitrum Only ${Date.now()}`;
  const created = await live.post(
    "/v1/merchants",
    { merchantName: name, merchantEmail: "arb@shop.example" },
    { idempotencyKey: freshKey("merchant") },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const merchantId = (created.body.merchant as { id: string }).id;
  const registered = await live.post(
    `/v1/merchants/${merchantId}/settlements/crypto`,
    { settlements: [{ asset: usdcArbitrum, destination: `eip155:42161:${sampleAddress}` }] },
    { idempotencyKey: freshKey("settlement") },
  );
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);

  await signInAs(page, "owner");
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/live/merchants/${merchantId}`);
    const marked = page.getByTestId("unpayable-merchant");
    await expect(marked).toContainText("Buyers cannot pay this merchant");
    await expect(page.getByTestId("crypto-settlement").getByTestId("unverifiable-destination")).toContainText(
      "This Tollgate cannot verify payments on Arbitrum One",
    );
    expect((await axeFindings(page)).filter(isSerious)).toEqual([]);
    await page.screenshot(shot(`merchant-unpayable-${width}`));

    await page.goto("/live");
    const overview = page.getByTestId("unpayable-merchants");
    await expect(overview).toContainText("Buyers cannot pay");
    await expect(overview.getByRole("link", { name })).toHaveAttribute(
      "href",
      `/live/merchants/${merchantId}`,
    );
    await page.screenshot(shot(`overview-unpayable-${width}`));
  }

  const payment = await live.post(
    "/v1/payments",
    { referenceId: `arb-${Date.now()}`, amount: { unit: "iso4217/USD", value: "1050" } },
    { merchantId },
  );
  expect(payment.status, JSON.stringify(payment.body)).toBe(201);
  await page.setViewportSize(checkoutViewport);
  await page.goto(new URL(payment.body.gatewayUrl as string).pathname);
  const notice = page.getByTestId("no-payment-option");
  await expect(notice).toContainText(`${name} cannot take payment for this amount yet`);
  // No support contact was set: the merchant's own address is the way to reach it.
  await expect(notice.getByRole("link", { name: "arb@shop.example" })).toHaveAttribute(
    "href",
    "mailto:arb@shop.example",
  );
  await expect(page.getByTestId("countdown")).toHaveCount(0);
  expect((await axeFindings(page)).filter(isSerious)).toEqual([]);
  await page.screenshot(shot("checkout-unpayable-390"));
});
