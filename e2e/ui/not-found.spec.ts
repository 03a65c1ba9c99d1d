import { expect, test } from "../support/api";
import { createMerchant } from "../support/merchants";
import { signInAs } from "../support/ui";

// A detail page for something that is not there (or not this account's) answers 404 with the
// product's not-found page: nothing is streamed before the page has looked it up.
const missing = "000000000000000000000000";
const detailPages = [
  "/test/payments/p_nope",
  `/test/payments/pay_${missing}`,
  `/live/payments/pay_${missing}`,
  `/test/merchants/mrch_${missing}`,
  `/test/refunds/re_${missing}`,
  `/test/developers/webhooks/we_${missing}`,
  `/test/developers/events/evt_${missing}`,
  `/test/developers/requests/req_${missing}`,
];

test("every detail page of a missing resource answers 404 with the not-found page", async ({ page }) => {
  await signInAs(page, "owner");
  for (const url of detailPages) {
    const response = await page.request.get(url);
    expect(response.status(), url).toBe(404);
    expect(await response.text(), url).toContain("This page does not exist.");
  }
  for (const size of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    const response = await page.goto(`/test/payments/pay_${missing}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page does not exist." })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`not-found-${size.width}.png`), fullPage: true });
  }
});

test("a list page and a found detail page still answer 200", async ({ page, api }) => {
  await signInAs(page, "owner");
  const merchant = await createMerchant(api);
  for (const url of [
    "/test/payments",
    "/test/merchants",
    `/test/merchants/${merchant.id}`,
    "/test/developers/webhooks",
  ]) {
    expect((await page.request.get(url)).status(), url).toBe(200);
  }
});
