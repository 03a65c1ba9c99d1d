import type { Page } from "@playwright/test";
import { expect, test } from "../support/api";
import { hydrated } from "../support/hydration";
import { createMerchant } from "../support/merchants";
import { signInAs } from "../support/ui";

// Support refunds an overpayment's excess with one click from the exception panel (test mode, where
// the refund completes at once), and the exception resolves as refunded.
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test("one click refunds exactly the excess of an overpaid payment and resolves the exception; the payment itself stays refundable", async ({
  page,
  apiAs,
  fixtures,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.b.keys.test });
  const merchant = await createMerchant(api, { withUsdc: true });
  const created = await api.post(
    "/v1/payments",
    { referenceId: `excess-${Date.now()}`, amount: { unit: "iso4217/USD", value: "2500" } },
    { merchantId: merchant.id },
  );
  await api.post(`/v1/test/payments/${created.body.id}/simulate`, { outcome: "overpaid" });

  await signInAs(page, "support", "b");
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/test/payments/${created.body.id}`);
  const card = page.getByTestId("payment-exception");
  await expect(card).toContainText("Overpaid");
  await shot(page, "excess-refund-open-1366");
  // One button per intent, each saying what it does: only the first moves money.
  await expect(card.getByRole("button")).toHaveText([
    "Refund the excess 25 USDC",
    "Mark as already returned",
    "Dismiss",
  ]);
  await (await hydrated(card.getByRole("button", { name: "Refund the excess 25 USDC" }))).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("A refund of exactly 25 USDC is made at once (test mode)");
  await dialog.getByRole("button", { name: "Refund 25 USDC" }).click();
  await expect(page.getByText("Excess refunded", { exact: true })).toBeVisible();
  await expect(card.getByTestId("exception-resolution")).toHaveText("Returned to the buyer");
  await expect(card.getByRole("button", { name: /Refund the excess/ })).toHaveCount(0);
  const refund = page.getByTestId("refund");
  await expect(refund).toHaveCount(1);
  await expect(refund).toContainText("$25.00");
  await expect(refund).toContainText("Excess of an overpayment: 25 USDC");
  await expect(refund).toContainText("succeeded");
  // Not a refund of the price: the header has no refund badge and the full refund is still offered.
  await expect(page.getByTestId("payment-amount").locator("..")).not.toContainText("Refunded");
  await expect(page.getByRole("button", { name: "Refund", exact: true })).toBeVisible();
  await expect(page.getByTestId("payment-event").filter({ hasText: /Exception resolved/ })).toHaveCount(1);
  // The history says what happened to the money, not "Refund of $25.00 completed" as if the price was refunded.
  const history = page.getByTestId("timeline-entry").filter({ has: page.getByTestId("timeline-title") });
  await expect(history.filter({ hasText: "Refund of the excess 25 USDC requested" })).toHaveCount(1);
  await expect(history.filter({ hasText: "Excess of 25 USDC refunded to the buyer" })).toHaveCount(1);
  await expect(history.filter({ hasText: /Refund of \$25\.00/ })).toHaveCount(0);

  const payment = (await api.get(`/v1/payments/${created.body.id}`, { merchantId: merchant.id })).body;
  expect(payment.exception).toMatchObject({ type: "overpaid", resolution: "refunded" });
  const refunds = (await api.get(`/v1/refunds?paymentId=${created.body.id}`)).body.data;
  expect(refunds).toMatchObject([{ excess: true, status: "succeeded", amount: { value: "2500" } }]);

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "excess-refund-done-390");
});
