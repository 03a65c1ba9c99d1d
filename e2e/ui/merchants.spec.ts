import { expect, test } from "../support/api";
import { hydrated } from "../support/hydration";
import { createMerchant } from "../support/merchants";
import { signInAs } from "../support/ui";

test("an owner creates, finds, edits and deletes a merchant, with errors beside the fields", async ({
  page,
}) => {
  await signInAs(page, "owner");
  const name = `Corner Bakery ${Date.now()}`;
  await page.goto("/test/merchants");
  await expect(page.getByRole("heading", { name: "Merchants" })).toBeVisible();
  await (
    await hydrated(page.getByRole("button", { name: /New merchant|Create your first merchant/ }))
  ).click();
  const dialog = page.getByRole("dialog", { name: "New merchant" });
  await dialog.getByRole("button", { name: "Create merchant" }).click();
  await expect(dialog.getByText("Enter a name.")).toBeVisible();
  await expect(dialog.getByText("Enter a valid email address.")).toBeVisible();
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByLabel(/Icon URL/).fill("http://bakery.example/icon.png");
  await dialog.getByRole("button", { name: "Create merchant" }).click();
  await expect(dialog.getByText("Enter a valid email address.")).toBeVisible();
  await expect(dialog.getByText("Must be an https:// URL.")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("merchant-create-errors.png") });

  // Keyboard only from here: fix the fields and submit with Enter.
  await dialog.getByLabel("Email").fill("hello@bakery.example");
  await dialog.getByLabel(/Icon URL/).fill("");
  await dialog.getByLabel("Email").press("Enter");
  await expect(page).toHaveURL(/\/test\/merchants\/mrch_[0-9A-Za-z]{24}$/);
  const id = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByText("hello@bakery.example")).toBeVisible();
  await expect(page.getByText(id, { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("merchant-detail.png"), fullPage: true });

  await page.getByRole("link", { name: "← Merchants" }).click();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("hello@bakery.example");
  await expect(row.getByTestId("settlement-count")).toHaveText("0");
  await page.screenshot({ path: test.info().outputPath("merchants-list.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("merchants-list-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await row.getByRole("link", { name }).click();
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  const edit = page.getByRole("dialog", { name: "Edit merchant" });
  await expect(edit.getByLabel("Name", { exact: true })).toHaveValue(name);
  await edit.getByLabel("Name", { exact: true }).fill("");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByText("Enter a name.")).toBeVisible();
  await edit.getByLabel("Name", { exact: true }).fill(`${name} & Café`);
  await edit.getByLabel(/Icon URL/).fill("https://bakery.example/icon.png");
  // Where a payment link may send the buyer back: one entry a line, each checked beside the field.
  const returns = edit.getByLabel("Allowed return URLs (optional)");
  await returns.fill("https://bakery.example/orders\nbakery://");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.locator("#allowedReturnOrigins-error")).toHaveText(
    "https://bakery.example/orders is not an https origin (https://shop.example.com) or an app scheme (myapp://).",
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("merchant-edit-return-origins-390.png") });
  await page.setViewportSize({ width: 1280, height: 800 });
  await returns.fill("https://Bakery.example\nbakery://");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { name: `${name} & Café` })).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(page.getByTestId("allowed-return-origins")).toHaveText(
    "Allowed return URLs: https://bakery.example, bakery://",
  );
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await expect(returns).toHaveValue("https://bakery.example\nbakery://");
  await edit.getByRole("button", { name: "Cancel" }).click();

  // Deleting asks first; cancelling the question leaves the merchant alone.
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: `Delete ${name} & Café?` });
  await expect(confirm).toContainText("past payments stay");
  await page.screenshot({ path: test.info().outputPath("merchant-delete-confirm.png") });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: `${name} & Café` })).toBeVisible();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await confirm.getByRole("button", { name: "Delete merchant" }).click();
  await expect(page).toHaveURL(/\/test\/merchants$/);
  await expect(page.getByRole("link", { name: `${name} & Café` })).toHaveCount(0);
  await page.goto(`/test/merchants/${id}`);
  await expect(page.getByRole("heading", { name: "This page does not exist." })).toBeVisible();
});

test("the list counts each merchant's settlements, and test merchants stay out of /live", async ({
  page,
  api,
}) => {
  const merchant = await createMerchant(api, { withUsdc: true, name: `Counted ${Date.now()}` });
  await signInAs(page, "viewer");
  await page.goto("/test/merchants");
  await expect(
    page.getByRole("row").filter({ hasText: merchant.name }).getByTestId("settlement-count"),
  ).toHaveText("1");
  // A viewer reads but does not change merchants.
  await expect(page.getByRole("button", { name: /New merchant/ })).toHaveCount(0);
  await page.getByRole("link", { name: merchant.name }).click();
  await expect(page.getByRole("heading", { name: merchant.name })).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete", exact: true })).toHaveCount(0);
  await expect(page.getByText("USDC on Base")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("merchant-detail-viewer.png"), fullPage: true });

  await page.goto("/live/merchants");
  await expect(page.getByRole("heading", { name: "Merchants" })).toBeVisible();
  await expect(page.getByText(merchant.name)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("merchants-live.png"), fullPage: true });
  await page.goto(`/live/merchants/${merchant.id}`);
  await expect(page.getByRole("heading", { name: "This page does not exist." })).toBeVisible();
});

test("the list shows 50 merchants a page: Next page leads to older ones, First page back", async ({
  page,
  api,
}) => {
  const batch = `Paged ${Date.now()}`;
  for (let i = 0; i < 51; i++) await createMerchant(api, { name: `${batch} #${String(i).padStart(2, "0")}` });
  const shown = () => page.getByRole("link", { name: batch }).allTextContents();
  await signInAs(page, "viewer");
  await page.goto("/test/merchants");
  // Newest first: fifty of the batch fill the first page, the oldest one is on the next.
  await expect(page.getByRole("link", { name: batch })).toHaveCount(50);
  const first = await shown();
  await expect(
    page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "First page" }),
  ).toHaveCount(0);
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/\/test\/merchants\?cursor=/);
  await expect(page.getByRole("link", { name: batch })).toHaveCount(1);
  const second = await shown();
  expect(new Set([...first, ...second]).size, "every merchant of the batch on exactly one page").toBe(51);
  await page.screenshot({ path: test.info().outputPath("merchants-page-2.png"), fullPage: true });
  await page.getByRole("link", { name: "First page" }).click();
  await expect(page).toHaveURL(/\/test\/merchants$/);
  await expect(page.getByRole("link", { name: batch })).toHaveCount(50);
});
