import { expect, test } from "../support/api";
import { freshKey } from "../support/api";
import { createMerchant, sampleAddress } from "../support/merchants";
import { signInAs } from "../support/ui";

// Support screens read money in words (issue 33, problems 6 and 9): an amount with its symbol and
// decimals, or, for a token nobody named, its smallest units and a short address; the full
// protocol id only behind a copy button. And nothing scrolls sideways on a phone.
const customToken = "eip155:8453/erc20:0x1111111111111111111111111111111111111111";

const shot = (name: string) => ({ path: test.info().outputPath(`${name}.png`), fullPage: true });

const scrollWidth = (page: import("@playwright/test").Page) =>
  page.evaluate(() => document.documentElement.scrollWidth);

test("a wrong-token payment and a merchant with a custom token read in words at 390 px, and the CSV has decimal amounts", async ({
  page,
  api,
}) => {
  const merchant = await createMerchant(api, { withUsdc: true, name: "Words Shop" });
  const registered = await api.post(
    `/v1/merchants/${merchant.id}/settlements/crypto`,
    { settlements: [{ asset: customToken, destination: `eip155:8453:${sampleAddress}` }] },
    { idempotencyKey: freshKey("settlement") },
  );
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const pay = async () => {
    const created = await api.post(
      "/v1/payments",
      { referenceId: `words-${Date.now()}`, amount: { unit: "iso4217/USD", value: "1050" } },
      { merchantId: merchant.id },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as string;
  };
  const wrong = await pay();
  expect((await api.post(`/v1/test/payments/${wrong}/simulate`, { outcome: "wrong_asset" })).status).toBe(
    200,
  );
  const paid = await pay();
  expect((await api.post(`/v1/test/payments/${paid}/simulate`, { outcome: "succeeded" })).status).toBe(200);

  await signInAs(page, "owner");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/test/payments/${wrong}`);
  const panel = page.getByTestId("payment-exception");
  await expect(panel).toContainText("10500000 units of 0x0000…dEa1");
  await expect(panel).not.toContainText("erc20:");
  await expect(panel.getByRole("button", { name: "Copy token id" })).toBeVisible();
  expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
  await page.screenshot(shot("payment-wrong-token-390"));

  await page.goto(`/test/merchants/${merchant.id}`);
  const rows = page.getByTestId("crypto-settlement");
  await expect(rows.filter({ hasText: "Token 0x1111…1111 on Base" })).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Crypto destinations" })).not.toContainText("erc20:");
  await expect(rows.getByRole("button", { name: "Copy token id" })).toHaveCount(1);
  expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
  await page.screenshot(shot("merchant-custom-token-390"));

  const csv = await (await page.request.get(`/test/payments/export?merchantId=${merchant.id}`)).text();
  const [header, ...rowsCsv] = csv
    .trim()
    .split("\r\n")
    .map((line) => line.split(","));
  const row = rowsCsv.find((r) => r[0] === paid)!;
  const cell = (name: string) => row[header!.indexOf(name)];
  expect(cell("paid_value")).toBe("10500000");
  expect(cell("paid_amount")).toBe("10.5");
  expect(cell("paid_symbol")).toBe("USDC");
  expect(cell("paid_network")).toBe("Base");
  expect(cell("refunded")).toBe("$0.00");
});
