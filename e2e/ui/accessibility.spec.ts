import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, freshKey, test, type ApiClient } from "../support/api";
import { axeFindings, isSerious, type AxeFinding } from "../support/axe";
import { hydrated } from "../support/hydration";
import { clippedTables, sidewaysScroll } from "../support/overflow";
import { createMerchant, sampleAddress, usdcBase } from "../support/merchants";
import { localSolanaChainId, solanaTestMints } from "../support/solana-settings";
import { newSolanaWallet } from "../support/solana-wallet";
import { repoRoot } from "../support/settings";
import { signInAs } from "../support/ui";

// The test fails on what axe rates serious or critical, and on a page without an h1 (axe rates it
// moderate), and prints the rest.
type Finding = AxeFinding & { page: string };

async function audit(page: Page, label: string, findings: Finding[]) {
  for (const finding of await axeFindings(page)) findings.push({ page: label, ...finding });
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

type Viewport = { width: number; height: number };
type AxeAt = "first width" | "every width";

/**
 * Checks the page as it is now at each of `widths` in turn, resizing the window rather than loading
 * it again: it must not scroll sideways (issue 33: every page, both widths) nor, at a laptop's width,
 * hide a table's last columns behind a scroll. With `findings`, axe audits it at the first width, or
 * at every width when `axeAt` is "every width".
 */
async function checkWidths(
  page: Page,
  label: string,
  widths: readonly Viewport[],
  findings?: Finding[],
  axeAt: AxeAt = "first width",
) {
  for (const [i, viewport] of widths.entries()) {
    await page.setViewportSize(viewport);
    const at = `${label} at ${viewport.width} px`;
    expect(await sidewaysScroll(page), `${at} scrolls sideways`).toEqual([]);
    if (viewport.width >= 1280)
      expect(await clippedTables(page), `${at} hides table columns behind a scroll`).toEqual([]);
    if (findings && (i === 0 || axeAt === "every width")) await audit(page, at, findings);
  }
}

/** Opens `url` at the first of `widths`, once its loading skeleton is gone, and checks it at each (checkWidths). */
async function visit(
  page: Page,
  url: string,
  widths: readonly Viewport[],
  findings?: Finding[],
  { label = url, axeAt }: { label?: string; axeAt?: AxeAt } = {},
) {
  await page.setViewportSize(widths[0]!);
  const response = await page.goto(url);
  expect(response?.status(), url).toBeLessThan(500);
  await expect(page.locator("main").first()).toBeVisible();
  // A slow list page streams its loading skeleton first; the page itself is what is audited here.
  await expect(page.getByRole("progressbar", { name: "Loading" })).toHaveCount(0);
  await checkWidths(page, label, widths, findings, axeAt);
}

const phone = { width: 390, height: 844 };
const laptop = { width: 1366, height: 900 };
const smallLaptop = { width: 1280, height: 800 };

// The webhook endpoint each audit registers (a closed port, so nothing is delivered) goes after it,
// so later tests of webhooks do not find it in the account.
const endpoints: { api: ApiClient; id: string }[] = [];
test.afterEach(async () => {
  for (const { api, id } of endpoints.splice(0))
    expect((await api.delete(`/v1/webhook-endpoints/${id}`)).status).toBe(200);
});

/** The account's pages to audit, each with real data: merchants and payments in both modes. */
async function pagesToAudit(api: ApiClient, live: ApiClient) {
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
  endpoints.push({ api, id: endpoint.body.id as string });

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

  // Newer buyer screens (issue 33 and after): the hosted details form, a live checkout with a
  // Solana Pay option beside an EVM one, and the live checkout's option paid to a deposit address.
  const detailsMerchant = await createMerchant(api, { withUsdc: true, name: `Axe Details ${Date.now()}` });
  expect(
    (
      await api.patch(
        `/v1/merchants/${detailsMerchant.id}`,
        { collectData: { fields: ["fullName", "dob", "porCountry"] } },
        { idempotencyKey: freshKey() },
      )
    ).status,
  ).toBe(200);
  const detailsPayment = await pay(api, detailsMerchant.id);
  const solanaMerchant = await createMerchant(live, { name: `Axe Solana ${Date.now()}` });
  expect(
    (
      await live.post(
        `/v1/merchants/${solanaMerchant.id}/settlements/crypto`,
        {
          settlements: [
            { asset: usdcBase, destination: `eip155:8453:${sampleAddress}` },
            {
              asset: `${localSolanaChainId}/token:${solanaTestMints.USDC}`,
              destination: `${localSolanaChainId}:${(await newSolanaWallet()).address}`,
            },
          ],
        },
        { idempotencyKey: freshKey() },
      )
    ).status,
  ).toBe(201);
  const solanaPayment = await pay(live, solanaMerchant.id);

  return {
    merchant,
    openPayment,
    paidPayment,
    livePayment,
    wrongToken,
    link: link.body.url as string,
    endpoint: endpoint.body.id as string,
    detailsPayment,
    solanaPayment,
  };
}

/** Prints every finding, and fails on what axe rates serious or critical and on a page without an h1. */
function expectNoSeriousFindings(findings: Finding[]) {
  const serious = findings.filter((f) => isSerious(f) || f.rule === "page-has-heading-one");
  const lines = findings.map(
    (f) => `${f.impact.padEnd(8)} ${f.rule} on ${f.page}: ${f.help} (${f.targets.join(", ")})`,
  );
  console.log(
    `axe: ${findings.length} finding(s), ${serious.length} serious or critical${lines.length ? `\n${lines.join("\n")}` : ""}`,
  );
  expect(serious, "serious or critical axe violations").toEqual([]);
}

test("buyer and signed-out pages: no serious axe finding on a phone, no sideways scroll on a phone or a laptop (checkout in both modes with the simulator, a deposit address and Solana Pay, details form, receipt, payment link, sign-in and recovery)", async ({
  page,
  api,
  apiAs,
  fixtures,
}) => {
  test.setTimeout(600_000);
  const findings: Finding[] = [];
  const { openPayment, paidPayment, livePayment, link, detailsPayment, solanaPayment } = await pagesToAudit(
    api,
    apiAs({ "Api-Key": fixtures.accounts.a.keys.live }),
  );
  // Buyer-facing pages and the signed-out ones, before the context signs in: audited on a phone,
  // and checked for sideways scroll on a laptop too.
  const both = [phone, laptop];
  await visit(page, `/pay/${openPayment}`, both, findings, { label: "checkout (test, open)" });
  // The simulator's panel of ways to pay wrongly, opened.
  await page.getByText("Test a payment gone wrong").click();
  await expect(page.getByRole("button", { name: "Send the wrong token" })).toBeVisible();
  await checkWidths(page, "checkout (test, simulator opened)", both);
  await visit(page, `/pay/${livePayment}`, both, findings, { label: "checkout (live, open)" });
  await expect(
    page.locator('[data-testid="payment-option"][open]').getByTestId("deposit-address"),
  ).toBeVisible();
  await visit(page, `/pay/${solanaPayment}`, both, findings, { label: "checkout (live, Solana Pay)" });
  const solana = page.locator('[data-testid="payment-option"][data-asset^="solana:"]');
  await solana.locator("summary").click();
  await expect(solana.getByRole("link", { name: "Open in Solana wallet" })).toBeVisible();
  await checkWidths(page, "checkout (live, Solana Pay option opened)", both, findings);
  await visit(page, `/pay/${detailsPayment}/details`, both, findings, { label: "details form" });
  // Its errors, each beside its field.
  await page.getByRole("button", { name: "Submit details" }).click();
  await expect(page.getByTestId("fullName-error")).toBeVisible();
  await checkWidths(page, "details form with errors", both);
  await visit(page, `/pay/${paidPayment}`, both, findings, { label: "checkout (test, succeeded)" });
  const receiptPath = await page.getByTestId("receipt-link").getAttribute("href");
  await visit(page, receiptPath!, both, findings, { label: "receipt" });
  await visit(page, new URL(link).pathname, both, findings, { label: "payment link" });
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
    await visit(page, url, both, findings);

  expectNoSeriousFindings(findings);
});

test("every dashboard page in both modes: no serious axe finding, no sideways scroll at 390 px, and no table cut off at 1280 or 1366 px", async ({
  page,
  api,
  apiAs,
  fixtures,
}) => {
  test.setTimeout(900_000); // every dashboard page, both modes, two widths
  const findings: Finding[] = [];
  // Pages with something on them: merchants and payments in both modes.
  await pagesToAudit(api, apiAs({ "Api-Key": fixtures.accounts.a.keys.live }));
  await signInAs(page, "owner");
  const dashboard = dashboardPages().filter((p) => !p.includes("["));
  // Every page in both modes at both widths (a laptop's and a phone's), audited by axe once per
  // mode: test mode on a phone, live mode on a laptop. The API keys' actions were cut off at 1280 px.
  for (const [mode, widths] of [
    ["test", [phone, smallLaptop]],
    ["live", [laptop, phone]],
  ] as const)
    for (const p of dashboard) await visit(page, `/${mode}${p}`, widths, findings);
  expectNoSeriousFindings(findings);
});

test("pages of one thing, a search and the dialogs: no serious axe finding, no sideways scroll, at 390 and 1366 px", async ({
  page,
  api,
  apiAs,
  fixtures,
}) => {
  test.setTimeout(600_000);
  const findings: Finding[] = [];
  const { merchant, openPayment, paidPayment, wrongToken, endpoint } = await pagesToAudit(
    api,
    apiAs({ "Api-Key": fixtures.accounts.a.keys.live }),
  );
  await signInAs(page, "owner");
  const pages = dashboardPages();
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
    "/developers/webhooks/[endpointId]": [`/test/developers/webhooks/${endpoint}`],
    "/developers/events/[eventId]": [`/test/developers/events/${event}`],
    "/developers/requests/[requestId]": [requestHref!],
  };
  const both = [phone, laptop];
  for (const dynamic of pages.filter((p) => p.includes("["))) {
    expect(one[dynamic], `teach this test an example of ${dynamic}`).toBeDefined();
    for (const url of one[dynamic]!) await visit(page, url, both, findings, { axeAt: "every width" });
  }

  // The payments searched by a buyer's email (issue 33), with its buyer column and count.
  await visit(page, "/test/payments?q=buyer%40shop.example", both, findings, {
    label: "payments searched by buyer email",
    axeAt: "every width",
  });

  // Dialogs with checkboxes: the new API key and the new webhook endpoint.
  await page.goto("/test/developers");
  await (await hydrated(page.getByRole("button", { name: "Create test key" }))).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await audit(page, "/test/developers (new key dialog)", findings);
  await page.goto("/test/developers/webhooks");
  await (await hydrated(page.getByRole("button", { name: "Add endpoint" }))).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await audit(page, "/test/developers/webhooks (new endpoint dialog)", findings);

  expectNoSeriousFindings(findings);
});
