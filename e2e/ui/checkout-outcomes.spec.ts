import type { Page } from "@playwright/test";
import { expect, test } from "../support/api";
import { axeFindings, isSerious } from "../support/axe";
import { checkoutViewport, newCheckoutPayment } from "../support/checkout";

// Every way a payment can end, told to the buyer as it is (issue 33, problems 1 and 7): money that
// arrived late, short, over or in another token is never answered with "pay again", and each
// screen links the buyer's receipt. Driven by the test-mode simulator on a phone-sized page.
test.use({ viewport: checkoutViewport });

const shot = (name: string) => ({ path: test.info().outputPath(`${name}.png`), fullPage: true });

async function simulate(page: Page, label: string) {
  await page.getByText("Test a payment gone wrong").click();
  await page.getByRole("button", { name: label }).click();
}

/** The page, and the same page opened afresh (rendered by the server), both say `check`. */
async function bothWays(page: Page, check: () => Promise<void>) {
  await check();
  await page.reload();
  await check();
}

async function noOverflowNorSeriousAxe(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    checkoutViewport.width,
  );
  expect((await axeFindings(page)).filter(isSerious)).toEqual([]);
}

/** The receipt linked from the page says `text`. */
async function receiptSays(page: Page, text: RegExp) {
  const href = await page.getByTestId("receipt-link").getAttribute("href");
  expect(href).toMatch(/^\/receipt\//);
  const receipt = await page.context().newPage();
  await receipt.setViewportSize(checkoutViewport);
  await receipt.goto(href!);
  await expect(receipt.getByTestId("receipt")).toContainText(text);
  return receipt;
}

test("paid late: the buyer is told the money arrived after expiry and what the merchant does, never to pay again", async ({
  page,
  api,
}) => {
  const { path } = await newCheckoutPayment(api, { name: "Late Shop" });
  await page.goto(path);
  await simulate(page, "Pay after expiry");
  const outcome = page.getByTestId("payment-outcome");
  await bothWays(page, async () => {
    await expect(outcome).toHaveAttribute("data-status", "expired");
    await expect(outcome.getByRole("heading")).toHaveText("Payment arrived after it expired");
    await expect(outcome).toContainText("Your 10.5 USDC arrived after this payment had expired");
    await expect(outcome).toContainText("Late Shop has been told and will either accept it or refund it");
    await expect(outcome).toContainText("Do not pay again.");
    await expect(outcome).not.toContainText("new payment link");
    await expect(page.getByTestId("receipt-link")).toBeVisible();
  });
  await noOverflowNorSeriousAxe(page);
  await page.screenshot(shot("outcome-paid-late-390"));
  const receipt = await receiptSays(page, /Received after expiry/);
  await expect(receipt.getByTestId("receipt-received")).toHaveText("10.5 USDC on Base");
  await receipt.screenshot(shot("receipt-paid-late-390"));
});

test("underpaid and wrong token: the open page says what arrived, what is short, and what happens to it", async ({
  page,
  api,
}) => {
  const under = await newCheckoutPayment(api, { name: "Short Shop" });
  await page.goto(under.path);
  await simulate(page, "Underpay (half the amount)");
  const notice = page.getByTestId("exception-notice");
  await bothWays(page, async () => {
    await expect(page.getByTestId("payment-status")).toHaveAttribute("data-status", "requires_action");
    await expect(notice).toContainText("5.25 USDC arrived: 5.25 USDC short of the 10.5 USDC due.");
    await expect(notice).toContainText("Short Shop can accept what arrived as payment or refund it");
    await expect(notice.getByTestId("receipt-link")).toBeVisible();
  });
  await noOverflowNorSeriousAxe(page);
  await page.screenshot(shot("outcome-underpaid-390"));
  await receiptSays(page, /Received short/);

  const wrong = await newCheckoutPayment(api, { name: "Token Shop" });
  await page.goto(wrong.path);
  await simulate(page, "Send the wrong token");
  await bothWays(page, async () => {
    await expect(notice).toContainText("A transfer in another token arrived");
    await expect(notice).toContainText("It does not pay this payment");
    await expect(notice).toContainText("Token Shop has been told and can return it to you");
    await expect(notice).not.toContainText("erc20:");
    await expect(notice.getByTestId("receipt-link")).toBeVisible();
  });
  await noOverflowNorSeriousAxe(page);
  await page.screenshot(shot("outcome-wrong-token-390"));
});

test("overpaid: the buyer sees the excess and how it comes back; reorganised out: no money moved", async ({
  page,
  api,
}) => {
  const over = await newCheckoutPayment(api, { name: "Over Shop" });
  await page.goto(over.path);
  await simulate(page, "Overpay (twice the amount)");
  const outcome = page.getByTestId("payment-outcome");
  await bothWays(page, async () => {
    await expect(outcome).toHaveAttribute("data-status", "succeeded");
    await expect(outcome).toContainText("You sent 21 USDC, 10.5 USDC more than the 10.5 USDC due.");
    await expect(outcome).toContainText("Over Shop refunds the 10.5 USDC excess");
    await expect(page.getByTestId("receipt-link")).toBeVisible();
  });
  await noOverflowNorSeriousAxe(page);
  await page.screenshot(shot("outcome-overpaid-390"));
  await receiptSays(page, /10\.5 USDC more than the 10\.5 USDC due/);

  const reorged = await newCheckoutPayment(api, { name: "Reorg Shop" });
  await page.goto(reorged.path);
  await simulate(page, "Confirm, then reorganise out");
  await bothWays(page, async () => {
    await expect(outcome).toHaveAttribute("data-status", "failed");
    await expect(outcome.getByRole("heading")).toHaveText("Your transfer left the chain");
    await expect(outcome).toContainText("was reorganised out of Base and not included again");
    await expect(outcome).toContainText("no money moved");
  });
  await noOverflowNorSeriousAxe(page);
  await page.screenshot(shot("outcome-reorged-390"));
});

test("success with a shop to return to: the confirmation and a visible Return to the shop stay a few seconds, then the buyer is sent on", async ({
  page,
  api,
}) => {
  const checkout = { successUrl: "https://shop.example/thanks", errorUrl: "https://shop.example/oops" };
  await page.route("https://shop.example/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<h1>Merchant page</h1>" }),
  );
  const { payment, path } = await newCheckoutPayment(api, { checkout, name: "Return Shop" });
  await page.goto(path);
  await page.getByRole("button", { name: "Simulate success" }).click();
  const outcome = page.getByTestId("payment-outcome");
  await expect(outcome.getByRole("heading")).toHaveText("Payment successful");
  const back = outcome.getByRole("link", { name: "Return to the shop" });
  await expect(back).toHaveAttribute("href", `${checkout.successUrl}?payment_id=${payment.id}`);
  await expect(page.getByTestId("receipt-link")).toBeVisible();
  await expect(outcome).toContainText("Taking you back to the shop");
  await page.screenshot(shot("outcome-success-redirect-390"));
  await page.waitForURL(`${checkout.successUrl}?payment_id=${payment.id}`);
  await expect(page.getByRole("heading", { name: "Merchant page" })).toBeVisible();
});
