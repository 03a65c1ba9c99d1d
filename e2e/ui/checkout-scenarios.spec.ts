import { expect, test } from "../support/api";
import { checkoutViewport, newCheckoutPayment } from "../support/checkout";

// The checkout's test-mode controls are the scenario simulator for a buyer's phone: beside success
// and failure, each way of paying wrongly, ending as the simulate API (and a live payment) would.
test.use({ viewport: checkoutViewport });

const shot = (name: string) => ({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test("the test controls underpay (the page keeps waiting and says what arrived) and confirm-then-reorganise (the payment fails)", async ({
  page,
  api,
}) => {
  const { merchant, payment, path } = await newCheckoutPayment(api, { name: "Scenario Shop" });
  await page.goto(path);
  const wrong = page.getByText("Test a payment gone wrong");
  await wrong.click();
  for (const label of [
    "Underpay (half the amount)",
    "Overpay (twice the amount)",
    "Pay after expiry",
    "Send the wrong token",
    "Confirm, then reorganise out",
  ]) {
    await expect(page.getByRole("button", { name: label })).toBeVisible();
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    checkoutViewport.width,
  );
  await page.screenshot(shot("checkout-test-controls-390"));

  await page.getByRole("button", { name: "Underpay (half the amount)" }).click();
  await expect(page.getByTestId("exception-notice")).toContainText(
    "5.25 USDC arrived: 5.25 USDC short of the 10.5 USDC due.",
  );
  await expect(page.getByTestId("payment-status")).toHaveAttribute("data-status", "requires_action");
  const underpaid = (await api.get(`/v1/payments/${payment.id}`, { merchantId: merchant.id })).body;
  expect(underpaid).toMatchObject({
    status: "requires_action",
    exception: { type: "underpaid", received: "5250000", expected: "10500000" },
  });
  await page.screenshot(shot("checkout-underpaid-390"));

  // The buttons work again, and the same payment can still end: here, seen then reorganised out.
  await page.getByRole("button", { name: "Confirm, then reorganise out" }).click();
  const outcome = page.getByTestId("payment-outcome");
  await expect(outcome).toHaveAttribute("data-status", "failed");
  expect(
    (await api.get(`/v1/payments/${payment.id}/status`, { merchantId: merchant.id })).body,
  ).toMatchObject({ status: "failed", isFinal: true });
  await page.screenshot(shot("checkout-reorged-390"));
});

test("overpay and pay late end the checkout as the API reports, at desktop width too", async ({
  page,
  api,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const over = await newCheckoutPayment(api, { name: "Scenario Shop" });
  await page.goto(over.path);
  await page.getByText("Test a payment gone wrong").click();
  await page.screenshot(shot("checkout-test-controls-1366"));
  await page.getByRole("button", { name: "Overpay (twice the amount)" }).click();
  await expect(page.getByTestId("payment-outcome")).toHaveAttribute("data-status", "succeeded");
  expect(
    (await api.get(`/v1/payments/${over.payment.id}`, { merchantId: over.merchant.id })).body,
  ).toMatchObject({ status: "succeeded", exception: { type: "overpaid" } });

  const late = await newCheckoutPayment(api, { name: "Scenario Shop" });
  await page.goto(late.path);
  await page.getByText("Test a payment gone wrong").click();
  await page.getByRole("button", { name: "Pay after expiry" }).click();
  await expect(page.getByTestId("payment-outcome")).toHaveAttribute("data-status", "expired");
  expect(
    (await api.get(`/v1/payments/${late.payment.id}`, { merchantId: late.merchant.id })).body,
  ).toMatchObject({ status: "expired", exception: { type: "paid_late" } });

  const token = await newCheckoutPayment(api, { name: "Scenario Shop" });
  await page.goto(token.path);
  await page.getByText("Test a payment gone wrong").click();
  await page.getByRole("button", { name: "Send the wrong token" }).click();
  await expect(page.getByTestId("exception-notice")).toContainText("A transfer in another token arrived");
  expect(
    (await api.get(`/v1/payments/${token.payment.id}`, { merchantId: token.merchant.id })).body,
  ).toMatchObject({ status: "requires_action", exception: { type: "wrong_asset" } });
  await page.screenshot(shot("checkout-wrong-token-1366"));
});
