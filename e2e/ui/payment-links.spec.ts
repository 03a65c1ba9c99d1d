import type { Page } from "@playwright/test";
import { expect, test, type ApiClient } from "../support/api";
import { hydrated } from "../support/hydration";
import { createMerchant } from "../support/merchants";
import { signInAs, confirmedOwnerSignedIn } from "../support/ui";

const desktop = { width: 1366, height: 900 };
const phone = { width: 390, height: 844 };
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
const noSideways = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
const paymentsOf = async (api: ApiClient, merchantId: string) =>
  (await api.get(`/v1/payments?merchantId=${merchantId}&limit=200`)).body.data as {
    id: string;
    merchantId: string;
    referenceId: string;
    amount: { value: string };
  }[];

test("a one-off payment made in the dashboard gets a link and a QR code that open its checkout", async ({
  page,
  api,
}) => {
  await page.setViewportSize(desktop);
  const merchant = await createMerchant(api, { withUsdc: true, name: `One-off Shop ${Date.now()}` });
  await signInAs(page, "owner");
  await page.goto("/test/payments");
  await (await hydrated(page.getByRole("button", { name: "New payment" }))).click();
  const dialog = page.getByRole("dialog", { name: "New payment" });
  await dialog.getByLabel("Merchant").selectOption(merchant.id);
  await dialog.getByLabel("Amount").fill("12.345");
  await dialog.getByRole("button", { name: "Create payment" }).click();
  await expect(dialog.locator("#amount-error")).toHaveText(
    "Enter a positive amount with at most 2 decimals, e.g. 10.50.",
  );
  await expect(dialog.locator("#referenceId-error")).toHaveText("Enter your order reference.");
  await expect(dialog.getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");
  await shot(page, "new-payment-errors-1366");

  const reference = `INV-${Date.now()}`;
  await dialog.getByLabel("Amount").fill("12.50");
  await dialog.getByLabel(/^Reference/).fill(reference);
  await dialog.getByLabel("Buyer has").selectOption({ label: "24 hours to pay" });
  await dialog.getByRole("button", { name: "Create payment" }).click();
  const done = page.getByRole("dialog", { name: "Payment created" });
  const url = (await done.getByTestId("share-url").textContent())!;
  expect(url).toMatch(/\/pay\/pay_[0-9A-Za-z]{24}$/);
  await expect(done.getByTestId("share-qr")).toBeVisible();
  await expect(done.getByRole("link", { name: "Download SVG" })).toHaveAttribute("download", /\.svg$/);
  await expect(page.getByText("Payment created").first()).toBeVisible();
  await shot(page, "new-payment-created-1366");

  // The same payment the API sees: merchant, amount, reference and the chosen expiry.
  const paymentId = url.split("/").pop()!;
  const payment = (await api.get(`/v1/payments/${paymentId}`)).body;
  expect(payment).toMatchObject({
    merchantId: merchant.id,
    referenceId: reference,
    amount: { unit: "iso4217/USD", value: "1250" },
    status: "requires_action",
  });
  expect(Date.parse(payment.expiresAt) - Date.parse(payment.createdAt)).toBeGreaterThan(23.9 * 3600_000);

  await page.setViewportSize(phone);
  await noSideways(page);
  await shot(page, "new-payment-created-390");
  await page.goto(new URL(url).pathname);
  await expect(page.getByTestId("merchant-name")).toHaveText(merchant.name);
  await expect(page.getByTestId("payment-amount")).toHaveText("$12.50");
  await shot(page, "new-payment-checkout-390");
});

test("a fixed link mints a payment per Continue, never on a mere visit, and mints nothing once deactivated", async ({
  page,
  api,
}) => {
  await page.setViewportSize(desktop);
  const merchant = await createMerchant(api, { withUsdc: true, name: `Link Cafe ${Date.now()}` });
  await signInAs(page, "owner");
  await page.goto("/test/payment-links");
  await expect(page.getByRole("heading", { name: "Payment links" })).toBeVisible();
  await (await hydrated(page.getByRole("button", { name: "New payment link" }))).click();
  const dialog = page.getByRole("dialog", { name: "New payment link" });
  await dialog.getByLabel("Merchant").selectOption(merchant.id);
  await dialog.getByLabel("Amount", { exact: true }).fill("8.00");
  await dialog.getByLabel("Reference prefix").fill("COFFEE");
  await dialog.getByRole("button", { name: "Create link" }).click();
  const created = page.getByRole("dialog", { name: "Payment link created" });
  const url = (await created.getByTestId("share-url").textContent())!;
  expect(url).toMatch(/\/l\/plink_[0-9A-Za-z]{24}$/);
  await expect(created.getByTestId("share-qr")).toBeVisible();
  await created.getByRole("button", { name: "Done" }).click();
  const linkId = url.split("/").pop()!;
  const row = page.locator(`[data-link-id="${linkId}"]`);
  await expect(row).toContainText("$8.00");
  await expect(row).toContainText("Active");

  // A buyer (another browser context, signed out) opens the link twice and continues each time.
  const buyer = await page.context().browser()!.newContext({ viewport: phone });
  const buyerPage = await buyer.newPage();
  const path = new URL(url).pathname;
  await buyerPage.goto(path);
  await expect(buyerPage.getByTestId("link-amount")).toHaveText("$8.00");
  await expect(buyerPage.getByTestId("merchant-name")).toHaveText(merchant.name);
  expect(await paymentsOf(api, merchant.id)).toHaveLength(0);
  await shot(buyerPage, "link-fixed-390");
  const minted: string[] = [];
  for (let visit = 0; visit < 2; visit++) {
    await buyerPage.goto(path);
    await buyerPage.getByRole("button", { name: "Continue to payment" }).click();
    await expect(buyerPage).toHaveURL(/\/pay\/pay_[0-9A-Za-z]{24}$/);
    await expect(buyerPage.getByTestId("payment-amount")).toHaveText("$8.00");
    minted.push(buyerPage.url().split("/").pop()!);
  }
  expect(new Set(minted).size).toBe(2);
  const payments = await paymentsOf(api, merchant.id);
  expect(payments.map((p) => p.id).sort()).toEqual([...minted].sort());
  for (const p of payments) {
    expect(p.merchantId).toBe(merchant.id);
    expect(p.referenceId).toMatch(/^COFFEE-[0-9A-Za-z]{10}$/);
  }
  await page.reload();
  await expect(row.getByTestId("link-payment-count")).toHaveText("2");
  await shot(page, "links-list-1366");

  // Deactivate, asked first; Cancel changes nothing.
  await (await hydrated(row.getByRole("button", { name: "Deactivate" }))).click();
  const confirm = page.getByRole("dialog", { name: "Deactivate this payment link?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toContainText("Active");
  await row.getByRole("button", { name: "Deactivate" }).click();
  await confirm.getByRole("button", { name: "Deactivate link" }).click();
  await expect(row).toContainText("Deactivated");
  await expect(row.getByRole("button", { name: "Deactivate" })).toHaveCount(0);

  const gone = await buyerPage.goto(path);
  expect(gone!.status()).toBe(410);
  await expect(buyerPage.getByTestId("link-inactive")).toContainText("no longer active");
  await expect(buyerPage.getByRole("button", { name: "Continue to payment" })).toHaveCount(0);
  await shot(buyerPage, "link-deactivated-390");
  const posted = await buyerPage.request.post(path, { form: { email: "" }, maxRedirects: 0 });
  expect(posted.status()).toBe(410);
  expect(await paymentsOf(api, merchant.id)).toHaveLength(2);

  await page.setViewportSize(phone);
  await page.reload();
  await noSideways(page);
  await shot(page, "links-list-390");
  await buyer.close();
});

test("a buyer-entered amount outside the bounds is refused beside the field; one inside is the payment's amount", async ({
  page,
  api,
}) => {
  await page.setViewportSize(phone);
  const merchant = await createMerchant(api, { withUsdc: true, name: `Tip Jar ${Date.now()}` });
  const link = await api.post(
    "/v1/payment-links",
    { unit: "iso4217/USD", minValue: "500", maxValue: "5000", referencePrefix: "TIP" },
    { merchantId: merchant.id },
  );
  expect(link.status).toBe(201);
  const path = new URL(link.body.url).pathname;
  await page.goto(path);
  await expect(page.getByTestId("link-amount")).toHaveText("Enter an amount");
  await expect(page.locator("#amount-hint")).toHaveText("Between $5.00 and $50.00.");
  for (const entered of ["60", "4.99", "abc"]) {
    await page.getByLabel("Amount (USD)").fill(entered);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page.getByTestId("amount-error"), entered).toBeVisible();
    await expect(page.getByLabel("Amount (USD)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Amount (USD)")).toHaveValue(entered);
  }
  await expect(page.getByTestId("amount-error")).toHaveText(/amount/i);
  await page.getByLabel("Amount (USD)").fill("60");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByTestId("amount-error")).toHaveText("Enter an amount between $5.00 and $50.00.");
  await shot(page, "link-amount-refused-390");
  expect(await paymentsOf(api, merchant.id)).toHaveLength(0);

  await page.getByLabel("Amount (USD)").fill("20");
  await page.getByLabel(/Email for your receipt/).fill("buyer@example.com");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/pay\/pay_/);
  await expect(page.getByTestId("payment-amount")).toHaveText("$20.00");
  const [payment] = await paymentsOf(api, merchant.id);
  expect(payment!.amount.value).toBe("2000");

  await page.setViewportSize(desktop);
  await page.goto(path);
  await shot(page, "link-buyer-amount-1366");
});

test("a new account sees the empty state, and is told to create a merchant first", async ({ page }) => {
  await page.setViewportSize(phone);
  await confirmedOwnerSignedIn(page, {
    accountName: "Empty Links Co",
    name: "Ella Empty",
    email: `links${Date.now()}@shop.example`,
    password: "a long enough passphrase",
  });
  await page.goto("/test/payment-links");
  await expect(page.getByText("No test-mode payment links yet")).toBeVisible();
  await (await hydrated(page.getByRole("button", { name: "New payment link" }))).click();
  const dialog = page.getByRole("dialog", { name: "New payment link" });
  await expect(dialog).toContainText("Create a merchant first");
  await expect(dialog.getByRole("link", { name: "Go to Merchants" })).toHaveAttribute(
    "href",
    "/test/merchants",
  );
  await noSideways(page);
  await shot(page, "links-empty-390");
});
