import fs from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { readFixtures, type RoleName } from "../support/fixtures-data";
import { hydrated } from "../support/hydration";
import { seedPayments, type SeededPayments } from "../support/seed-payments";
import { actionArgs, captureServerAction, replayServerAction } from "../support/server-action";
import { baseURL } from "../support/settings";
import { WebhookReceiver } from "../support/webhook-receiver";
import { formatFiat } from "@/lib/core/money/money";
import { signInAs } from "../support/ui";

// Account B's test mode holds the seeded payments; account A is left to the other specs.
const account = "b";
let seeded: SeededPayments;

test.beforeAll(async () => {
  seeded = await seedPayments(readFixtures().accounts[account].keys.test);
  console.log(
    `Seeded ${seeded.payments.length} payments through the test server's payments fixture in ${seeded.seconds} s`,
  );
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
const rows = (page: Page) => page.getByTestId("payment-row");
const rowIds = (page: Page) =>
  rows(page)
    .locator("a[href*='/payments/pay_']")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")!.split("/").pop()!));
const seed = (i: number) => seeded.payments[i]!;
const api = async (
  page: Page,
  path: string,
  init: { method?: string; body?: unknown; merchantId?: string } = {},
) => {
  const headers: Record<string, string> = {
    "Api-Key": readFixtures().accounts[account].keys.test,
    "Content-Type": "application/json",
  };
  if (init.merchantId) headers["Merchant-Id"] = init.merchantId;
  if (init.method === "POST") headers["Idempotency-Key"] = crypto.randomUUID();
  const response = await page.request.fetch(path, {
    method: init.method ?? "GET",
    headers,
    data: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return response.json();
};

async function pageAs(browser: Browser, role: RoleName) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAs(page, role, account);
  return page;
}

test("the table pages through, filters, sorts and searches 1,000 seeded payments from the URL", async ({
  page,
}) => {
  await signInAs(page, "support", account);
  const [coffee, books] = seeded.merchants;
  await page.goto("/test/payments");
  await expect(page.getByRole("heading", { name: "Payments" })).toBeVisible();
  await expect(rows(page)).toHaveCount(50);
  await shot(page, "payments-table-desktop");

  // Merchant filter, then every page of it: exactly that merchant's payments, none twice.
  await (await hydrated(page.getByLabel("Merchant"))).selectOption({ label: books!.name });
  await expect(page).toHaveURL(new RegExp(`merchantId=${books!.id}`));
  await expect(rows(page)).toHaveCount(50);
  await expect(rows(page).filter({ hasNotText: books!.name })).toHaveCount(0);
  const booksIds = seeded.payments.filter((p) => p.merchantId === books!.id).map((p) => p.id);
  const seen: string[][] = [];
  for (;;) {
    seen.push(await rowIds(page));
    const next = page.getByRole("button", { name: "Next →" });
    if (await next.isDisabled()) break;
    await next.click();
    await expect.poll(async () => (await rowIds(page))[0]).not.toBe(seen.at(-1)![0]);
    await expect(page.getByRole("button", { name: "← Previous" })).toBeEnabled();
  }
  expect(seen.length).toBe(Math.ceil(booksIds.length / 50));
  expect(seen.flat().sort()).toEqual([...booksIds].sort());
  await page.getByRole("button", { name: "← Previous" }).click();
  await expect.poll(() => rowIds(page)).toEqual(seen.at(-2));

  // Status on top of the merchant: the seeded cancelled ones, all on one page.
  await page.getByLabel("Status").selectOption({ label: "Cancelled" });
  await expect(page).toHaveURL(/status=cancelled/);
  await expect(page).not.toHaveURL(/cursor=|before=/);
  const cancelled = seeded.payments.filter((p) => p.merchantId === books!.id && p.status === "cancelled");
  expect(cancelled.length).toBeGreaterThan(10);
  await expect(rows(page)).toHaveCount(cancelled.length);
  expect((await rowIds(page)).sort()).toEqual(cancelled.map((p) => p.id).sort());
  await expect(rows(page).filter({ hasNotText: "Cancelled" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);

  // Sort by amount: largest first, then smallest first. Payment i is worth 100 + i cents.
  await page.getByLabel("Status").selectOption({ label: "Any status" });
  await page.getByRole("button", { name: /^Amount/ }).click();
  await expect(page).toHaveURL(/sort=amount/);
  await expect(rows(page).first()).toContainText("$10.97"); // i = 997, the last of merchant 1
  await expect(page.getByRole("columnheader", { name: /Amount/ })).toHaveAttribute("aria-sort", "descending");
  await page.getByRole("button", { name: /^Amount/ }).click();
  await expect(page).toHaveURL(/dir=asc/);
  await expect(rows(page).first()).toContainText("$1.01"); // i = 1
  await expect(rows(page).nth(1)).toContainText("$1.04");
  await page.getByRole("button", { name: "Next →" }).click();
  await expect(rows(page).first()).toContainText("$2.51"); // the 51st: i = 1 + 3·50

  // Date range (UTC days, both ends included).
  const day = (iso: string, shift = 0) =>
    new Date(Date.parse(iso.slice(0, 10)) + shift * 86_400_000).toISOString().slice(0, 10);
  const firstDay = day(seeded.payments.map((p) => p.createdAt).sort()[0]!);
  await page.goto(`/test/payments?merchantId=${coffee!.id}`);
  await (await hydrated(page.getByLabel("To (UTC)"))).fill(day(firstDay, -1));
  await expect(page).toHaveURL(/to=/);
  await expect(page.getByText("No payments match")).toBeVisible();
  await page.getByLabel("From (UTC)").fill(firstDay);
  await expect(page).toHaveURL(new RegExp(`from=${firstDay}`));
  await page.getByLabel("To (UTC)").fill(day(new Date().toISOString(), 1));
  await expect(page).toHaveURL(new RegExp(`to=${day(new Date().toISOString(), 1)}`));
  await expect(rows(page)).toHaveCount(50);
  await expect(rows(page).filter({ hasNotText: coffee!.name })).toHaveCount(0);

  // Search by reference id, by payment id and by txId, each exact.
  await page.goto("/test/payments");
  const search = await hydrated(page.getByRole("searchbox", { name: "Search" }));
  for (const [term, expected] of [
    ["seed-500", seed(500)],
    [seed(123).id, seed(123)],
    [`test:${seed(6).id}`, seed(6)],
  ] as const) {
    await search.fill(term);
    await search.press("Enter");
    await expect.poll(() => rowIds(page)).toEqual([expected.id]);
  }
  await expect(rows(page)).toContainText("Succeeded");

  // Without an exact match: part of a reference, part of an id, an amount, a merchant's name.
  const searchFor = async (term: string) => {
    await search.fill(term);
    await search.press("Enter");
  };
  await searchFor("eed-99");
  await expect
    .poll(async () => (await rowIds(page)).sort())
    .toEqual(
      seeded.payments
        .filter((p) => p.referenceId.includes("eed-99"))
        .map((p) => p.id)
        .sort(),
    );
  await searchFor(seed(321).id.slice(6, 16));
  await expect.poll(() => rowIds(page)).toEqual([seed(321).id]);
  await searchFor("$10.90");
  await expect.poll(() => rowIds(page)).toContain(seed(990).id);
  await expect(rows(page).filter({ hasNotText: "$10.90" })).toHaveCount(0);
  await searchFor(books!.name.slice(2).toUpperCase());
  await expect(rows(page)).toHaveCount(50);
  await expect(rows(page).filter({ hasNotText: books!.name })).toHaveCount(0);
  await shot(page, "payments-search-partial");
  await search.fill("seed-5000");
  await search.press("Enter");
  await expect(page.getByText("No payments match")).toBeVisible();
  await shot(page, "payments-search-empty");

  await page.goto(`/test/payments?merchantId=${coffee!.id}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows(page)).toHaveCount(50);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "payments-table-390");
});

test("a payment's page shows amounts, timeline, txId, merchant and gateway link; support cancels and refunds", async ({
  page,
}) => {
  await signInAs(page, "support", account);
  const paid = seed(6);
  await page.goto("/test/payments?q=seed-6");
  await (await hydrated(rows(page).first())).click();
  await expect(page).toHaveURL(new RegExp(`/test/payments/${paid.id}$`));
  await expect(page.getByTestId("payment-amount")).toHaveText("$1.06");
  await expect(page.getByRole("definition").filter({ hasText: "1.06 USDC" })).toContainText(
    "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  );
  await expect(page.getByTestId("tx-id")).toHaveText(`test:${paid.id}`);
  await expect(page.getByRole("link", { name: "Seed Coffee" })).toHaveAttribute(
    "href",
    `/test/merchants/${paid.merchantId}`,
  );
  await expect(page.getByRole("link", { name: `${baseURL}/pay/${paid.id}` })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Copy link/ })).toBeVisible();
  const events = page.getByTestId("payment-event");
  await expect(events).toHaveCount(2);
  await expect(events.nth(0)).toContainText("v1");
  await expect(events.nth(0)).toContainText("payment.created");
  await expect(events.nth(0)).toContainText("API key “e2e test”");
  await expect(events.nth(1)).toContainText("payment.succeeded");
  await expect(events.nth(1)).toContainText("requires_action → succeeded");
  await expect(page.getByRole("button", { name: "Cancel payment" })).toHaveCount(0);
  await shot(page, "payment-detail-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "payment-detail-390");
  await page.setViewportSize({ width: 1280, height: 800 });

  // Refund part of it: the amount is typed in dollars, and confirmed before it goes.
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/Amount/).fill("2");
  await dialog.getByRole("button", { name: "Review refund" }).click();
  await expect(dialog.getByText("At most $1.06 can be refunded.")).toBeVisible();
  await dialog.getByLabel(/Amount/).fill("0.50");
  await dialog.getByRole("button", { name: "Review refund" }).click();
  await expect(dialog.getByText("Refund $0.50 to the buyer")).toBeVisible();
  const refundAction = await captureServerAction(page, () =>
    dialog.getByRole("button", { name: "Refund", exact: true }).click(),
  );
  await expect(page.getByTestId("refund")).toContainText("$0.50");
  await expect(page.getByTestId("refund")).toContainText("succeeded");
  await shot(page, "payment-refunded");

  // The same submission sent again (a double click, a retry) is the same refund, not a second one.
  expect(await replayServerAction(page, refundAction)).toContain('"ok":true');
  await page.reload();
  await expect(page.getByTestId("refund")).toHaveCount(1);
  expect((await api(page, `/v1/refunds?paymentId=${paid.id}`)).data).toHaveLength(1);

  // Opening the form again starts afresh and says what is already refunded.
  await (await hydrated(page.getByRole("button", { name: "Refund", exact: true }))).click();
  await expect(dialog.getByLabel(/Amount/)).toHaveValue("");
  await expect(dialog).toContainText("$0.50 of $1.06 already refunded. Up to $0.56 can be refunded.");
  await shot(page, "payment-refund-reopened");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // A double click: one opening's key sent twice at the same moment is still one refund; the same
  // key asking for another amount is refused, and refunds nothing.
  const [sent] = actionArgs<Record<string, unknown>>(refundAction);
  const clicked = {
    ...sent,
    idempotencyKey: `double-click-${paid.id}`,
    amount: { ...(sent!.amount as object), value: "10" },
  };
  const twice = await Promise.all([0, 1].map(() => replayServerAction(page, refundAction, [clicked])));
  expect(twice.some((answer) => answer.includes('"ok":true'))).toBe(true);
  const changed = await replayServerAction(page, refundAction, [
    { ...clicked, amount: { ...(clicked.amount as object), value: "20" } },
  ]);
  expect(changed).toContain('"code":"idempotency_conflict"');
  const refunds = (await api(page, `/v1/refunds?paymentId=${paid.id}`)).data as {
    amount: { value: string };
  }[];
  expect(refunds.map((refund) => refund.amount.value).sort()).toEqual(["10", "50"]);

  // Cancel an unpaid one, after a confirmation.
  const unpaid = seed(1);
  await page.goto(`/test/payments/${unpaid.id}`);
  await expect(page.getByText("Awaiting payment").first()).toBeVisible();
  await (await hydrated(page.getByRole("button", { name: "Cancel payment" }))).click();
  await expect(page.getByRole("dialog", { name: "Cancel this payment?" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel payment" }).click();
  await expect(page.getByTestId("payment-event").nth(1)).toContainText("requires_action → cancelled");
  await expect(page.getByTestId("payment-event").nth(1)).toContainText(
    readFixtures().accounts[account].users.support.email,
  );
  await expect(page.getByRole("button", { name: "Cancel payment" })).toHaveCount(0);
  expect((await api(page, `/v1/payments/${unpaid.id}`)).status).toBe("cancelled");
});

test("refunded payments carry a badge in the list and on their page, filter by refund state, and the overview shows net volume", async ({
  page,
}) => {
  await signInAs(page, "support", account);
  const succeeded = seeded.payments.filter((p) => p.status === "succeeded" && p !== seed(6));
  const [whole, part] = [succeeded.at(-1)!, succeeded.at(-2)!];
  await api(page, "/v1/refunds", { method: "POST", body: { paymentId: whole.id } });
  await api(page, "/v1/refunds", {
    method: "POST",
    body: { paymentId: part.id, amount: { unit: "iso4217/USD", value: "1" } },
  });

  await page.goto(`/test/payments/${whole.id}`);
  await expect(page.getByText("Succeeded").first()).toBeVisible();
  await expect(page.locator("[data-refund-state=refunded]").first()).toHaveText("Refunded");
  await page.goto(`/test/payments/${part.id}`);
  await expect(page.locator("[data-refund-state=partially_refunded]").first()).toHaveText(
    "Partially refunded",
  );

  // The filter: partly refunded rows only, each with its badge; the wholly refunded one is not among them.
  await page.goto("/test/payments");
  await (await hydrated(page.getByLabel("Refunds"))).selectOption({ label: "Partially refunded" });
  await expect(page).toHaveURL(/refund=partially_refunded/);
  const partial = await rowIds(page);
  expect(partial).toContain(part.id);
  expect(partial).not.toContain(whole.id);
  await expect(rows(page).filter({ hasNotText: "Partially refunded" })).toHaveCount(0);
  await shot(page, "payments-filter-partially-refunded");
  await (await hydrated(page.getByLabel("Refunds"))).selectOption({ label: "Refunded" });
  await expect(page).toHaveURL(/refund=refunded/);
  const refundedIds = await rowIds(page);
  expect(refundedIds).toContain(whole.id);
  expect(refundedIds).not.toContain(part.id);
  await expect(rows(page).filter({ hasNot: page.locator("[data-refund-state=refunded]") })).toHaveCount(0);

  // Net volume: succeeded volume less every succeeded refund of this mode (all made today), except
  // refunds of an overpayment's excess: that money was paid beyond the amount, so was never in the volume.
  const refunds: { amount: { unit: string; value: string }; status: string; excess: boolean }[] = [];
  for (let cursor: string | null = null; ; ) {
    const page_: { data: typeof refunds; nextCursor: string | null } = await api(
      page,
      `/v1/refunds?limit=200${cursor ? `&cursor=${cursor}` : ""}`,
    );
    refunds.push(...page_.data);
    if (!(cursor = page_.nextCursor)) break;
  }
  const refunded = refunds
    .filter((r) => r.status === "succeeded" && !r.excess && r.amount.unit === "iso4217/USD")
    .reduce((sum, r) => sum + BigInt(r.amount.value), 0n);
  expect(refunded).toBeGreaterThanOrEqual(BigInt(whole.value) + 1n);
  const usdText = (cents: bigint) => formatFiat(cents.toString(), "USD");
  await page.goto("/test");
  const usd = page.getByTestId("net-volume").locator("[data-unit='iso4217/USD']");
  await expect(usd.locator("p").nth(1)).toContainText(`− ${usdText(refunded)} refunded`);
  const [gross] = (await usd.locator("p").nth(1).innerText()).split(" succeeded");
  const grossCents = BigInt(gross!.replace(/[^0-9]/g, ""));
  await expect(usd.locator("p").first()).toHaveText(usdText(grossCents - refunded));
  await shot(page, "overview-net-volume");
});

test("one readable history: creation, payment, refunds and each webhook delivery with its answer, in order, at 1366 and 390 px", async ({
  page,
}) => {
  const receiver = await WebhookReceiver.start();
  const endpoint = await api(page, "/v1/webhook-endpoints", {
    method: "POST",
    body: {
      url: receiver.url("/history"),
      events: ["payment.created", "payment.succeeded", "refund.succeeded"],
    },
  });
  try {
    const merchantId = seeded.merchants[0]!.id;
    const paid = await api(page, "/v1/payments", {
      method: "POST",
      merchantId,
      body: { referenceId: `history-${Date.now()}`, amount: { unit: "iso4217/USD", value: "2500" } },
    });
    await api(page, `/v1/test/payments/${paid.id}/simulate`, {
      method: "POST",
      body: { outcome: "succeeded" },
    });
    await api(page, "/v1/refunds", {
      method: "POST",
      body: { paymentId: paid.id, amount: { unit: "iso4217/USD", value: "500" }, reason: "Damaged box" },
    });
    await receiver.waitFor("/history", (d) => d.length >= 3, "three deliveries");

    await signInAs(page, "support", account);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/test/payments/${paid.id}`);
    const history = page.getByRole("list", { name: "Payment history" }).locator(":scope > li");
    await expect(history.filter({ hasText: /^webhook/ })).toHaveCount(3);
    const titles = await history.getByTestId("timeline-title").allInnerTexts();
    expect(titles.filter((t) => !t.startsWith("Webhook"))).toEqual([
      "Payment of $25.00 created",
      "Payment succeeded",
      "Refund of $5.00 requested",
      "Refund of $5.00 completed",
    ]);
    for (const type of ["payment.created", "payment.succeeded", "refund.succeeded"]) {
      await expect(history.filter({ hasText: `Webhook ${type} delivered` })).toContainText(
        `${receiver.url("/history")} answered 200`,
      );
    }
    await expect(history.filter({ hasText: "Refund of $5.00 requested" })).toContainText("Damaged box");
    await expect(history.filter({ hasText: "Refund of $5.00 requested" })).toContainText("by API key");
    await shot(page, "payment-history-1366");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "payment-history-390");
  } finally {
    await api(page, `/v1/webhook-endpoints/${endpoint.id}`, { method: "DELETE" });
    await receiver.close();
  }
});

test("support finds open exceptions, accepts an underpayment as paid and marks an overpayment's excess refunded", async ({
  page,
}) => {
  const merchantId = seeded.merchants[0]!.id;
  const pay = async (outcome: string) => {
    const created = await api(page, "/v1/payments", {
      method: "POST",
      merchantId,
      body: {
        referenceId: `exception-${outcome}-${Date.now()}`,
        amount: { unit: "iso4217/USD", value: "4000" },
      },
    });
    await api(page, `/v1/test/payments/${created.id}/simulate`, { method: "POST", body: { outcome } });
    return created.id as string;
  };
  const [under, over] = [await pay("underpaid"), await pay("overpaid")];

  await signInAs(page, "support", account);
  await page.goto("/test/payments");
  await (await hydrated(page.getByLabel("Exceptions"))).selectOption({ label: "Open exceptions" });
  await expect(page).toHaveURL(/exception=open/);
  const ids = await rowIds(page);
  expect(ids).toEqual(expect.arrayContaining([under, over]));
  await expect(rows(page).filter({ has: page.locator(`a[href$="${under}"]`) })).toContainText("Underpaid");
  await expect(rows(page).filter({ has: page.locator(`a[href$="${over}"]`) })).toContainText("Overpaid");
  await shot(page, "payments-open-exceptions");

  // A payment its merchant cannot be paid for says so at the top of its page.
  const bare = (
    await api(page, "/v1/merchants", {
      method: "POST",
      body: { merchantName: `No settlements ${Date.now()}`, merchantEmail: "none@shop.example" },
    })
  ).merchant;
  const stuck = await api(page, "/v1/payments", {
    method: "POST",
    merchantId: bare.id,
    body: { referenceId: `stuck-${Date.now()}`, amount: { unit: "iso4217/USD", value: "100" } },
  });
  await page.goto(`/test/payments/${stuck.id}`);
  await expect(page.getByTestId("payment-warning")).toHaveText(
    "This merchant has no crypto settlement, so no buyer can pay this payment until one is added.",
  );

  await page.goto(`/test/payments/${under}`);
  const card = page.getByTestId("payment-exception");
  await expect(card).toContainText("Underpaid");
  await expect(card).toContainText("Quoted40 USDC");
  await expect(card).toContainText("Received20 USDC");
  await shot(page, "payment-exception-underpaid");
  await (await hydrated(card.getByRole("button", { name: "Accept as paid" }))).click();
  await page.getByRole("dialog").getByRole("button", { name: "Accept as paid" }).click();
  await expect(card.getByTestId("exception-resolution")).toHaveText("Accepted as paid by support");
  await expect(page.getByTestId("payment-amount").locator("..")).toContainText("Succeeded");
  const accepted = await api(page, `/v1/payments/${under}`, { merchantId });
  expect(accepted).toMatchObject({
    status: "succeeded",
    info: { optionAmount: { value: "20000000" } },
    exception: { type: "underpaid", resolution: "accepted" },
  });
  await expect(
    page.getByTestId("payment-event").filter({ hasText: "Exception resolved: accepted as paid" }),
  ).toContainText(readFixtures().accounts[account].users.support.email);

  await page.goto(`/test/payments/${over}`);
  await expect(card.getByRole("button", { name: "Accept as paid" })).toHaveCount(0);
  await (await hydrated(card.getByRole("button", { name: "Mark as already returned" }))).click();
  await page.getByRole("dialog").getByRole("button", { name: "Mark as refunded" }).click();
  await expect(card.getByTestId("exception-resolution")).toHaveText("Returned to the buyer");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "payment-exception-resolved-390");
  expect(
    (await api(page, `/v1/payments?exception=open&merchantId=${merchantId}`)).data.map(
      (p: { id: string }) => p.id,
    ),
  ).not.toContain(over);
});

test("a viewer has no cancel button, and a replayed cancel action is refused on the server", async ({
  page,
  browser,
}) => {
  const target = seed(2);
  expect(target.status).toBe("requires_action");

  // Capture the owner's real cancel request without letting it through.
  await signInAs(page, "owner", account);
  await page.goto(`/test/payments/${target.id}`);
  let captured: { url: string; headers: Record<string, string>; body: string } | undefined;
  await page.route(`**/test/payments/${target.id}`, async (route) => {
    const request = route.request();
    if (request.method() !== "POST" || !request.headers()["next-action"]) return route.continue();
    captured = { url: request.url(), headers: request.headers(), body: request.postData() ?? "" };
    await route.abort();
  });
  await (await hydrated(page.getByRole("button", { name: "Cancel payment" }))).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel payment" }).click();
  await expect.poll(() => captured).toBeDefined();
  expect(captured!.body).toContain(target.id);
  const headers = Object.fromEntries(Object.entries(captured!.headers).filter(([name]) => name !== "cookie"));
  const replay = (as: Page) => as.request.post(captured!.url, { headers, data: captured!.body });

  const viewer = await pageAs(browser, "viewer");
  await viewer.goto(`/test/payments/${target.id}`);
  await expect(viewer.getByTestId("payment-amount")).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Cancel payment" })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: "Refund" })).toHaveCount(0);
  await viewer.screenshot({ path: test.info().outputPath("payment-detail-viewer.png"), fullPage: true });
  const refused = await replay(viewer);
  const refusedText = await refused.text();
  expect(refusedText).toContain('"code":"forbidden"');
  expect(refusedText).toContain("Your role (viewer) does not allow this");
  expect((await api(page, `/v1/payments/${target.id}`)).status).toBe("requires_action");
  await viewer.reload();
  await expect(viewer.getByText("Awaiting payment").first()).toBeVisible();

  // The same bytes from a role that may cancel do cancel it: the refusal above was the role's.
  const support = await pageAs(browser, "support");
  expect(await (await replay(support)).text()).toContain('"ok":true');
  expect((await api(page, `/v1/payments/${target.id}`)).status).toBe("cancelled");
  await viewer.context().close();
  await support.context().close();
});

test("CSV export downloads exactly the filtered payments, escaped and safe to open in a spreadsheet", async ({
  page,
  request,
}) => {
  await signInAs(page, "viewer", account);
  const garden = seeded.merchants[2]!;
  // Two references a spreadsheet would misread: a formula, and text with a comma and quotes.
  const tricky = ['=HYPERLINK("http://evil.example","open")', '-1+2, "quoted"'];
  const extra = [];
  for (const referenceId of tricky) {
    const p = await api(page, "/v1/payments", {
      method: "POST",
      body: { referenceId, amount: { unit: "iso4217/USD", value: "4200" } },
      merchantId: garden.id,
    });
    await api(page, `/v1/test/payments/${p.id}/simulate`, { method: "POST", body: { outcome: "failed" } });
    extra.push(p.id as string);
  }
  const expected = [
    ...seeded.payments.filter((p) => p.merchantId === garden.id && p.status === "failed").map((p) => p.id),
    ...extra,
  ];

  await page.goto(`/test/payments?merchantId=${garden.id}&status=failed`);
  await expect(rows(page)).toHaveCount(expected.length);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^payments-test-.*\.csv$/);
  const text = fs.readFileSync((await download.path())!, "utf8");
  const [header, ...records] = parseCsv(text);
  expect(header).toEqual([
    "id",
    "created_at",
    "status",
    "merchant_id",
    "merchant_name",
    "reference_id",
    "amount_unit",
    "amount_value",
    "amount",
    "paid_asset",
    "paid_value",
    "tx_id",
    "refunded_value",
    "expires_at",
    "finalized_at",
    "paid_amount",
    "paid_symbol",
    "paid_network",
    "refunded",
  ]);
  expect(records.map((r) => r[0]).sort()).toEqual(expected.sort());
  for (const r of records) expect([r[2], r[3], r[4]]).toEqual(["failed", garden.id, garden.name]);
  const byId = new Map(records.map((r) => [r[0], r]));
  expect(byId.get(extra[0]!)?.[5]).toBe(`'${tricky[0]}`);
  expect(byId.get(extra[1]!)?.[5]).toBe(`'${tricky[1]}`);
  expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""open"")"`);
  expect(byId.get(extra[0]!)?.slice(6, 9)).toEqual(["iso4217/USD", "4200", "$42.00"]);

  // No filter: every payment of the mode, across several 500-row batches, none twice.
  const all = await page.request.get("/test/payments/export");
  expect(all.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const ids = parseCsv(await all.text())
    .slice(1)
    .map((r) => r[0]);
  expect(ids.length).toBeGreaterThanOrEqual(seeded.payments.length + extra.length);
  expect(new Set(ids).size).toBe(ids.length);
  for (const p of seeded.payments) expect(ids).toContain(p.id);

  const signedOut = await request.get("/test/payments/export");
  expect(signedOut.status()).toBe(401);
});

test("test-mode payments and merchants never appear under /live", async ({ page }) => {
  await signInAs(page, "owner", account);
  const p = seed(10);
  await page.goto("/live/payments");
  await expect(page.getByRole("heading", { name: "Payments" })).toBeVisible();
  await expect(page.getByText("seed-", { exact: false })).toHaveCount(0);
  await expect(page.getByLabel("Merchant").locator("option", { hasText: "Seed Coffee" })).toHaveCount(0);
  const search = await hydrated(page.getByRole("searchbox", { name: "Search" }));
  await search.fill(p.id);
  await search.press("Enter");
  await expect(page.getByText("No payments match")).toBeVisible();
  await shot(page, "payments-live-search");
  // The test payment's id under /live says which mode it is in (issue 33) and shows none of its data.
  await page.goto(`/live/payments/${p.id}`);
  await expect(page.getByTestId("payment-other-mode").getByRole("heading")).toHaveText(
    "This payment is in test mode",
  );
  await expect(page.getByTestId("payment-amount")).toHaveCount(0);
  await expect(page.getByText("seed-", { exact: false })).toHaveCount(0);
  // Dashboard pages stream (they have a loading state), so a 404 arrives as the not-found page.
  await page.goto(`/live/merchants/${p.merchantId}`);
  await expect(page.getByRole("heading", { name: "This page does not exist." })).toBeVisible();
  const exported = await (await page.request.get("/live/payments/export")).text();
  expect(exported).not.toContain(p.id);
  expect(exported).not.toContain("seed-");
});

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ",") {
      record.push(field);
      field = "";
    } else if (!quoted && c === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else {
      field += c;
    }
  }
  return records;
}
