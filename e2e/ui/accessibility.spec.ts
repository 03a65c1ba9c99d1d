import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/api";
import { axeFindings, isSerious, type AxeFinding } from "../support/axe";
import { hydrated } from "../support/hydration";
import { createMerchant } from "../support/merchants";
import { repoRoot } from "../support/settings";
import { signInAs } from "../support/ui";

// The test fails on what axe rates serious or critical, and on a page without an h1 (axe rates it
// moderate), and prints the rest.
type Finding = AxeFinding & { page: string };

async function audit(page: Page, label: string, findings: Finding[]) {
  for (const finding of await axeFindings(page)) findings.push({ page: label, ...finding });
}

/** The outermost elements reaching past the viewport's right edge (empty when the page does not scroll sideways). */
function overflowing(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const clipped = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== "visible") return true;
      return false;
    };
    const wide = [...document.querySelectorAll("body *")].filter(
      (el) => el.getBoundingClientRect().right > width + 1 && !clipped(el),
    );
    const culprits = wide.filter((el) => !wide.includes(el.parentElement!)).slice(0, 5);
    return [
      `scrollWidth ${document.documentElement.scrollWidth}`,
      ...culprits.map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} right=${Math.round(el.getBoundingClientRect().right)}`,
      ),
    ];
  });
}

/** Every dashboard page under /{mode}, read from app/, so a new page is audited without being listed here: "" for the overview, "/merchants/[merchantId]" and so on. */
function dashboardPages(): string[] {
  const root = path.join(repoRoot, "app", "(dashboard)", "[mode]");
  const pages: string[] = [];
  const walk = (dir: string) => {
    // A route group's folder, such as payments/(list)/, is not part of the URL.
    const segments = path
      .relative(root, dir)
      .split(path.sep)
      .filter((segment) => segment && !/^\(.*\)$/.test(segment));
    if (fs.existsSync(path.join(dir, "page.tsx")))
      pages.push(segments.map((segment) => `/${segment}`).join(""));
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }))
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
  };
  walk(root);
  return pages.sort();
}

/** Audits the page at `url`, and checks that it does not scroll sideways (issue 33: every page, both widths). */
async function visit(page: Page, url: string, findings: Finding[], label = url) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBeLessThan(500);
  await expect(page.locator("main").first()).toBeVisible();
  // A slow list page streams its loading skeleton first; the page itself is what is audited here.
  await expect(page.getByRole("progressbar", { name: "Loading" })).toHaveCount(0);
  await audit(page, label, findings);
  expect(await overflowing(page), `${label} scrolls sideways`).toEqual([]);
}

test("axe finds no serious or critical violation on any page: sign-in and recovery, every dashboard page in both modes, the checkout, a payment link and a receipt", async ({
  page,
  api,
  apiAs,
  fixtures,
}) => {
  test.setTimeout(600_000);
  const findings: Finding[] = [];
  const live = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
  const merchant = await createMerchant(api, { withUsdc: true, name: `Axe Audits ${Date.now()}` });
  const liveMerchant = await createMerchant(live, { withUsdc: true, name: `Axe Audits Live ${Date.now()}` });
  const pay = async (client: typeof api, merchantId: string) => {
    const created = await client.post(
      "/v1/payments",
      { referenceId: `axe-${Date.now()}`, amount: { unit: "iso4217/USD", value: "1050" } },
      { merchantId },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as string;
  };
  const openPayment = await pay(api, merchant.id);
  const paidPayment = await pay(api, merchant.id);
  expect((await api.post(`/v1/test/payments/${paidPayment}/simulate`, { outcome: "succeeded" })).status).toBe(
    200,
  );
  const livePayment = await pay(live, liveMerchant.id);
  const link = await api.post(
    "/v1/payment-links",
    { unit: "iso4217/USD", minValue: "500", maxValue: "5000", referencePrefix: "AXE" },
    { merchantId: merchant.id },
  );
  expect(link.status, JSON.stringify(link.body)).toBe(201);
  const endpoint = await api.post("/v1/webhook-endpoints", {
    url: "http://127.0.0.1:9/axe",
    events: ["payment.succeeded"],
  });
  expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);

  // What made pages scroll sideways on a phone: a custom token's id, a wrong-token payment's.
  expect(
    (
      await api.post(
        `/v1/merchants/${merchant.id}/settlements/crypto`,
        {
          settlements: [
            {
              asset: "eip155:8453/erc20:0x1111111111111111111111111111111111111111",
              destination: `eip155:8453:0x52908400098527886E0F7030069857D2E4169EE7`,
            },
          ],
        },
        { idempotencyKey: `axe-custom-token-${Date.now()}` },
      )
    ).status,
  ).toBe(201);
  const wrongToken = await pay(api, merchant.id);
  expect(
    (await api.post(`/v1/test/payments/${wrongToken}/simulate`, { outcome: "wrong_asset" })).status,
  ).toBe(200);

  // Buyer-facing pages and the signed-out ones, before the context signs in, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, `/pay/${openPayment}`, findings, "checkout (test, open)");
  await visit(page, `/pay/${livePayment}`, findings, "checkout (live, open)");
  await visit(page, `/pay/${paidPayment}`, findings, "checkout (test, succeeded)");
  const receiptPath = await page.getByTestId("receipt-link").getAttribute("href");
  await visit(page, receiptPath!, findings, "receipt");
  await visit(page, new URL(link.body.url).pathname, findings, "payment link");
  const token = "x".repeat(40);
  for (const url of [
    "/sign-in",
    "/sign-up",
    "/forgot-password",
    `/reset-password/${token}`,
    `/verify-email/${token}`,
    `/invite/${token}`,
    `/join/${token}`,
  ])
    await visit(page, url, findings);

  await signInAs(page, "owner");
  const pages = dashboardPages();
  const dashboard = pages.filter((p) => !p.includes("["));
  // Test mode on a phone, live mode on a laptop: both widths, without visiting everything twice.
  for (const [mode, viewport] of [
    ["test", { width: 390, height: 844 }],
    ["live", { width: 1366, height: 900 }],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const p of dashboard)
      await visit(page, `/${mode}${p}`, findings, `/${mode}${p} at ${viewport.width} px`);
  }
  // Pages of one thing: each with a real one of this account.
  const event = (await api.get("/v1/events?limit=1")).body.data[0].id as string;
  await page.goto("/test/developers/requests");
  const requestHref = await page
    .locator('a[href^="/test/developers/requests/"]')
    .first()
    .getAttribute("href");
  const one: Record<string, string[]> = {
    "/merchants/[merchantId]": [`/test/merchants/${merchant.id}`],
    "/payments/[paymentId]": [
      `/test/payments/${openPayment}`,
      `/test/payments/${paidPayment}`,
      `/test/payments/${wrongToken}`,
      // A test payment opened in live mode: the page that points to it (issue 33).
      `/live/payments/${openPayment}`,
    ],
    "/developers/webhooks/[endpointId]": [`/test/developers/webhooks/${endpoint.body.id}`],
    "/developers/events/[eventId]": [`/test/developers/events/${event}`],
    "/developers/requests/[requestId]": [requestHref!],
  };
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    for (const dynamic of pages.filter((p) => p.includes("["))) {
      expect(one[dynamic], `teach this test an example of ${dynamic}`).toBeDefined();
      for (const url of one[dynamic]!) await visit(page, url, findings, `${url} at ${viewport.width} px`);
    }
  }

  // Screens of issue 33 at both widths: the test checkout (the live one plus the simulator) and
  // the payments searched by a buyer's email, with its buyer column and count.
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await visit(page, `/pay/${openPayment}`, findings, `checkout (test, open) at ${viewport.width} px`);
    await visit(
      page,
      "/test/payments?q=buyer%40shop.example",
      findings,
      `payments searched by buyer email at ${viewport.width} px`,
    );
  }

  // Dialogs with checkboxes: the new API key and the new webhook endpoint.
  await page.goto("/test/developers");
  await (await hydrated(page.getByRole("button", { name: "Create test key" }))).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await audit(page, "/test/developers (new key dialog)", findings);
  await page.goto("/test/developers/webhooks");
  await (await hydrated(page.getByRole("button", { name: "Add endpoint" }))).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await audit(page, "/test/developers/webhooks (new endpoint dialog)", findings);

  const serious = findings.filter((f) => isSerious(f) || f.rule === "page-has-heading-one");
  const lines = findings.map(
    (f) => `${f.impact.padEnd(8)} ${f.rule} on ${f.page}: ${f.help} (${f.targets.join(", ")})`,
  );
  console.log(
    `axe: ${findings.length} finding(s), ${serious.length} serious or critical${lines.length ? `\n${lines.join("\n")}` : ""}`,
  );
  expect(serious, "serious or critical axe violations").toEqual([]);
});
