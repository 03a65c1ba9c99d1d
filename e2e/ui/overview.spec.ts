import { expect, test, type ApiClient, type ApiResponse } from "../support/api";
import { createMerchant, sampleAddress } from "../support/merchants";
import { signInAs, signInAsDemoOwner } from "../support/ui";
import { formatAmount } from "@/lib/core/money/format-amount";

const eth = "eip155:1/slip44:60";
type Listed = { id: string; status: string; amount: { unit: string; value: string }; createdAt: string };

async function allPayments(api: ApiClient, since: Date): Promise<Listed[]> {
  const out: Listed[] = [];
  for (let cursor: string | null = null; ; ) {
    const res: ApiResponse<{ data: Listed[]; nextCursor: string | null }> = await api.get(
      `/v1/payments?limit=200&createdFrom=${since.toISOString()}${cursor ? `&cursor=${cursor}` : ""}`,
    );
    expect(res.status).toBe(200);
    out.push(...res.body.data);
    cursor = res.body.nextCursor;
    if (!cursor) return out;
  }
}

test("the overview shows the last 30 days by status, with volume summed per unit", async ({ page, api }) => {
  // Payments in two units, settled three ways, so each status row has something to show.
  const merchant = await createMerchant(api, { withUsdc: true, name: `Overview ${Date.now()}` });
  await api.post(
    `/v1/merchants/${merchant.id}/settlements/crypto`,
    { settlements: [{ asset: eth, destination: `eip155:1:${sampleAddress}` }] },
    { idempotencyKey: `eth-${Date.now()}` },
  );
  const make = async (amount: { unit: string; value: string }, outcome?: string) => {
    const p = await api.post(
      "/v1/payments",
      { referenceId: `overview-${Date.now()}`, amount },
      { merchantId: merchant.id },
    );
    expect(p.status).toBe(201);
    if (outcome)
      expect((await api.post(`/v1/test/payments/${p.body.id}/simulate`, { outcome })).status).toBe(200);
  };
  await make({ unit: "iso4217/USD", value: "123456" }, "succeeded");
  await make({ unit: `caip19/${eth}`, value: "1500000000000000000" }, "succeeded");
  await make({ unit: "iso4217/USD", value: "999" }, "cancelled");
  await make({ unit: "iso4217/USD", value: "50" }, "failed");
  await make({ unit: "iso4217/USD", value: "700" });

  // What the page must say, added up here from the API's list with BigInt.
  const payments = await allPayments(api, new Date(Date.now() - 30 * 86_400_000 + 60_000));
  const expected = new Map<string, { count: number; volume: Map<string, bigint> }>();
  for (const p of payments) {
    const entry = expected.get(p.status) ?? { count: 0, volume: new Map() };
    entry.count++;
    entry.volume.set(p.amount.unit, (entry.volume.get(p.amount.unit) ?? 0n) + BigInt(p.amount.value));
    expected.set(p.status, entry);
  }
  const volumeText = (status: string) =>
    [...(expected.get(status)?.volume ?? new Map<string, bigint>())]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([unit, v]) => formatAmount(unit, v.toString()))
      .join(" · ") || "—";

  await signInAs(page, "viewer");
  await page.goto("/test");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByText("Get started")).toHaveCount(0);
  await expect(page.getByTestId("payment-count")).toHaveText(String(payments.length));
  for (const status of ["requires_action", "processing", "succeeded", "failed", "cancelled", "expired"]) {
    const row = page.getByTestId(`status-${status}`);
    await expect(row.getByTestId("count")).toHaveText(String(expected.get(status)?.count ?? 0));
    await expect(row.getByTestId("volume")).toHaveText(volumeText(status));
  }
  await expect(page.getByTestId("status-succeeded").getByTestId("volume")).toContainText("1.5 ETH");
  await expect(page.getByTestId("net-volume")).toContainText("1.5 ETH");
  await page.screenshot({ path: test.info().outputPath("overview-test.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("overview-390.png"), fullPage: true });

  // A status row leads to the payments table with that filter.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId("status-cancelled").getByRole("link").click();
  await expect(page).toHaveURL(/\/test\/payments\?status=cancelled&from=/);
  await expect(page.getByTestId("payment-row").first()).toContainText("Cancelled");
});

test("a mode without merchants shows a get-started checklist", async ({ page }) => {
  // The demo account's live mode: no spec creates anything there (it has no live key).
  await signInAsDemoOwner(page);
  await page.goto("/live");
  const checklist = page.getByRole("region", { name: "Get started" });
  await expect(checklist).toBeVisible();
  await expect(checklist.getByRole("listitem")).toHaveCount(4);
  await expect(checklist.getByRole("link", { name: "Create a merchant" })).toHaveAttribute(
    "href",
    "/live/merchants",
  );
  await expect(checklist).toContainText("merchants and settlements from test mode do not carry over");
  await expect(page.getByTestId("merchant-count")).toHaveText("0");
  await page.screenshot({ path: test.info().outputPath("overview-get-started.png"), fullPage: true });
  await checklist.getByRole("link", { name: "Create a merchant" }).click();
  await expect(page.getByText("No live-mode merchants yet")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("merchants-empty-live.png"), fullPage: true });
});
