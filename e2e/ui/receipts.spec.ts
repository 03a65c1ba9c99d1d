import { expect, test } from "../support/api";
import { createMerchant } from "../support/merchants";
import { baseURL } from "../support/settings";
import { linkIn, startMailbox, type Mailbox } from "../support/smtp";

let mailbox: Mailbox;
test.beforeAll(async () => {
  mailbox = await startMailbox();
});
test.afterAll(async () => {
  await mailbox?.close();
});

const receiptPathOf = (html: string) => /"receiptUrl":"(\/receipt\/[0-9A-Za-z]+)"/.exec(html)?.[1];

test("a succeeded payment's receipt is linked from the checkout, mailed to the buyer, shows what was paid and its refunds, and runs no script", async ({ page, api }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const buyer = `receipt${Date.now()}@buyer.example`;
  const merchant = await createMerchant(api, { withUsdc: true, name: "Receipt Roasters" });
  const created = await api.post("/v1/payments", { referenceId: `rcpt-${Date.now()}`, amount: { unit: "iso4217/USD", value: "1050" }, buyerEmail: buyer }, { merchantId: merchant.id });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const paymentId = created.body.id as string;
  const checkoutPath = `/pay/${paymentId}`;

  // Before the payment succeeded there is no receipt, though the checkout knows where it will be.
  const receiptPath = receiptPathOf(await (await page.request.get(checkoutPath)).text())!;
  expect(receiptPath).toMatch(/^\/receipt\/[0-9A-Za-z]{32}$/);
  expect(receiptPath).not.toContain(paymentId);
  expect((await page.request.get(receiptPath)).status()).toBe(404);
  await page.goto(checkoutPath);
  await expect(page.getByTestId("receipt-link")).toHaveCount(0);

  expect((await api.post(`/v1/test/payments/${paymentId}/simulate`, { outcome: "succeeded" })).status).toBe(200);
  // The open checkout sees the success by itself and links the receipt.
  await expect(page.getByTestId("payment-outcome")).toHaveAttribute("data-status", "succeeded", { timeout: 15_000 });
  await expect(page.getByTestId("receipt-link")).toHaveAttribute("href", receiptPath);
  await page.screenshot({ path: test.info().outputPath("checkout-succeeded-receipt-link-390.png"), fullPage: true });
  await page.getByTestId("receipt-link").click();
  await expect(page).toHaveURL(`${baseURL}${receiptPath}`);

  const receipt = page.getByTestId("receipt");
  await expect(receipt.getByTestId("merchant-name")).toHaveText("Receipt Roasters");
  await expect(receipt.getByTestId("receipt-amount")).toHaveText("$10.50");
  await expect(receipt.getByTestId("receipt-paid")).toHaveText(/^[0-9.]+ USDC$/);
  await expect(receipt.getByTestId("receipt-network")).toHaveText("Base");
  await expect(receipt.getByTestId("receipt-rate")).toHaveText(/^1 USDC = [0-9]+\.[0-9]+ USD$/);
  await expect(receipt.getByTestId("receipt-tx")).toHaveText(`test:${paymentId}`);
  await expect(receipt.getByTestId("receipt-refunds")).toContainText("None.");
  expect(await page.locator("script").count()).toBe(0);
  await page.screenshot({ path: test.info().outputPath("receipt-390.png"), fullPage: true });

  // A refund shows on the receipt.
  expect((await api.post("/v1/refunds", { paymentId, amount: { unit: "iso4217/USD", value: "300" }, reason: "one cup short" })).status).toBe(201);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.reload();
  await expect(receipt.getByTestId("receipt-refunds")).toContainText("$3.00 · succeeded");
  await page.screenshot({ path: test.info().outputPath("receipt-1366.png"), fullPage: true });
  await page.emulateMedia({ media: "print" });
  await expect(page.getByText("save it as a PDF")).toBeHidden();
  await page.screenshot({ path: test.info().outputPath("receipt-print.png"), fullPage: true });
  await page.emulateMedia({ media: "screen" });

  // The mail carries the same link.
  const mail = await mailbox.waitFor(buyer, /Your receipt from Receipt Roasters/);
  expect(linkIn(mail, `${baseURL}/receipt/`)).toBe(`${baseURL}${receiptPath}`);
  expect(mail.text).toContain("$10.50");
});

test("an unknown or malformed receipt token is a 404 page", async ({ page }) => {
  for (const token of ["A".repeat(32), "short", "pay_AAAAAAAAAAAAAAAAAAAAAAAA"]) {
    const response = await page.goto(`/receipt/${token}`);
    expect(response!.status(), token).toBe(404);
    await expect(page.getByRole("heading", { name: "Receipt not found" })).toBeVisible();
  }
  await page.screenshot({ path: test.info().outputPath("receipt-not-found.png") });
});
