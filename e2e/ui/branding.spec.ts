import type { Page } from "@playwright/test";
import { expect, freshKey, test } from "../support/api";
import { hydrated } from "../support/hydration";
import { createMerchant } from "../support/merchants";
import { signInAs } from "../support/ui";

const iconUrl = "https://cdn.brand.example/icon.svg";
const icon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 56 56"><rect width="56" height="56" fill="#0f766e"/><path d="M14 30l9 9 19-21" stroke="#fff" stroke-width="6" fill="none"/></svg>`;

/** The browser has no internet: the merchant's https icon is answered here. */
async function serveIcon(page: Page) {
  await page.route(iconUrl, (route) => route.fulfill({ contentType: "image/svg+xml", body: icon }));
}

const colours = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, color: style.color };
    });

test("a merchant's icon, accent and support contact are set in the dashboard and brand its checkout and receipt, with text readable on any accent", async ({
  page,
  api,
}) => {
  await signInAs(page, "owner");
  const merchant = await createMerchant(api, { withUsdc: true, name: `Tidewater Tea ${Date.now()}` });
  await page.goto(`/test/merchants/${merchant.id}`);
  await (await hydrated(page.getByRole("button", { name: "Edit", exact: true }))).click();
  const edit = page.getByRole("dialog", { name: "Edit merchant" });
  await edit.getByLabel(/Icon URL/).fill("http://cdn.brand.example/icon.svg");
  await edit.getByLabel(/accent colour/).fill("teal");
  await edit.getByLabel(/Support contact/).fill("http://help.tidewater.example");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.locator("#iconUrl-error")).toHaveText("Must be an https:// URL.");
  await expect(edit.locator("#accentColor-error")).toHaveText("Enter a colour as #rrggbb, e.g. #4f46e5.");
  await expect(edit.locator("#supportContact-error")).toHaveText(
    "Enter an email address or an https:// URL.",
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("merchant-branding-errors-390.png") });
  await edit.getByLabel(/Icon URL/).fill(iconUrl);
  await edit.getByLabel(/accent colour/).fill("#0F766E");
  await expect(edit.getByTestId("accent-preview")).toHaveCSS("color", "rgb(255, 255, 255)");
  await edit.getByLabel(/Support contact/).fill("help@tidewater.example");
  await page.screenshot({ path: test.info().outputPath("merchant-branding-form-390.png") });
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  expect((await api.get(`/v1/merchants/${merchant.id}`)).body.merchant).toMatchObject({
    iconUrl,
    accentColor: "#0f766e",
    supportContact: "help@tidewater.example",
  });

  const created = await api.post(
    "/v1/payments",
    { referenceId: `brand-${Date.now()}`, amount: { unit: "iso4217/USD", value: "1250" } },
    { merchantId: merchant.id },
  );
  expect(created.status).toBe(201);
  const paymentId = created.body.id as string;
  await serveIcon(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/pay/${paymentId}`);
  await expect(page.locator("img.avatar")).toHaveAttribute("src", iconUrl);
  await expect
    .poll(() => page.locator("img.avatar").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  expect(await colours(page, "[data-outcome=succeeded]")).toEqual({
    background: "rgb(15, 118, 110)",
    color: "rgb(255, 255, 255)",
  });
  await expect(
    page.getByTestId("support-contact").getByRole("link", { name: "help@tidewater.example" }),
  ).toHaveAttribute("href", "mailto:help@tidewater.example");
  await page.screenshot({ path: test.info().outputPath("checkout-branded-1366.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("checkout-branded-390.png"), fullPage: true });

  // A light accent gets dark text rather than white it would wash out.
  expect(
    (
      await api.patch(
        `/v1/merchants/${merchant.id}`,
        { accentColor: "#fde047", supportContact: "https://tidewater.example/help" },
        { idempotencyKey: freshKey() },
      )
    ).status,
  ).toBe(200);
  await page.reload();
  expect(await colours(page, "[data-outcome=succeeded]")).toEqual({
    background: "rgb(253, 224, 71)",
    color: "rgb(15, 23, 42)",
  });
  await expect(
    page.getByTestId("support-contact").getByRole("link", { name: "tidewater.example/help" }),
  ).toHaveAttribute("href", "https://tidewater.example/help");
  await page.screenshot({ path: test.info().outputPath("checkout-branded-light-390.png"), fullPage: true });

  expect((await api.post(`/v1/test/payments/${paymentId}/simulate`, { outcome: "succeeded" })).status).toBe(
    200,
  );
  await page.reload();
  await page.getByTestId("receipt-link").click();
  await expect(page.getByTestId("receipt")).toBeVisible();
  await expect(page.getByTestId("support-contact").getByRole("link")).toHaveAttribute(
    "href",
    "https://tidewater.example/help",
  );
  await expect(page.locator("img.avatar")).toHaveAttribute("src", iconUrl);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("receipt-branded-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: test.info().outputPath("receipt-branded-1366.png"), fullPage: true });
});
