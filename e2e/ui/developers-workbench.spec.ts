import type { Page } from "@playwright/test";
import { expect, test, type ApiClient } from "../support/api";
import { hydrated } from "../support/hydration";
import { createMerchant } from "../support/merchants";
import { signInAs } from "../support/ui";
import { WebhookReceiver } from "../support/webhook-receiver";

// Developers → Request log, Events, and a webhook delivery's bodies with bulk redelivery.

const desktop = { width: 1366, height: 900 };
const phone = { width: 390, height: 844 };
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
// Names what sticks out, so a failure says where to look.
const noSideways = async (page: Page) => {
  const width = page.viewportSize()!.width;
  const wider = await page.evaluate(
    (w) =>
      [...document.querySelectorAll("body *")]
        .filter(
          (e) => e.getBoundingClientRect().right > w + 1 && !e.parentElement?.closest("[class*=overflow-]"),
        )
        .slice(0, 5)
        .map((e) => `${e.tagName}.${e.className}`),
    width,
  );
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    wider.join("\n"),
  ).toBeLessThanOrEqual(width);
};

let receiver: WebhookReceiver;
const endpoints: { api: ApiClient; id: string }[] = [];
test.beforeAll(async () => {
  receiver = await WebhookReceiver.start();
});
test.afterAll(async () => receiver.close());
test.afterEach(async () => {
  for (const { api, id } of endpoints.splice(0)) await api.delete(`/v1/webhook-endpoints/${id}`);
});

test("the request log lists API requests newest first, filters by status and key, and shows a failure's error and redacted body", async ({
  page,
  api,
}) => {
  const secret = `hunter2-${Date.now()}`;
  const failed = await api.post(
    "/v1/merchants",
    { merchantName: "", merchantEmail: "not-an-email", password: secret },
    { idempotencyKey: `rl-${Date.now()}` },
  );
  expect(failed.status).toBe(400);
  const failedId = failed.headers["request-id"]!;
  const listed = await api.get("/v1/merchants?limit=1");
  expect(listed.status).toBe(200);
  const okId = listed.headers["request-id"]!;

  await signInAs(page, "developer");
  await page.setViewportSize(desktop);
  // Written a second or so after the answer (off the request path): reload until it shows.
  await expect(async () => {
    await page.goto("/test/developers/requests");
    await expect(page.locator(`[data-request-id="${okId}"]`)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(
    page.getByRole("navigation", { name: "Developers" }).getByRole("link", { name: "Request log" }),
  ).toHaveAttribute("aria-current", "page");
  const ids = await page
    .getByTestId("request-row")
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-request-id")));
  expect(ids.indexOf(okId)).toBeLessThan(ids.indexOf(failedId));
  await expect(page.locator(`[data-request-id="${okId}"]`)).toContainText("GET /v1/merchants?limit=1");
  await expect(page.locator(`[data-request-id="${okId}"]`)).toContainText("e2e test");
  await shot(page, "request-log-1366");

  await page.getByLabel("Status").selectOption("4xx");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=4xx/);
  await expect(page.locator(`[data-request-id="${failedId}"]`)).toBeVisible();
  await expect(page.locator(`[data-request-id="${okId}"]`)).toHaveCount(0);
  for (const status of await page.getByTestId("http-status").allTextContents())
    expect(Number(status)).toBeGreaterThanOrEqual(400);

  const readerKey = await page
    .getByLabel("API key")
    .locator("option", { hasText: "e2e status reader" })
    .getAttribute("value");
  await page.getByLabel("API key").selectOption(readerKey!);
  await page.getByRole("button", { name: "Filter" }).click();
  // Other specs' refusals of that read-only key may be listed; this test's failure is not.
  await expect(page).toHaveURL(new RegExp(`key=${readerKey}`));
  await expect(page.locator(`[data-request-id="${failedId}"]`)).toHaveCount(0);
  for (const row of await page.getByTestId("request-row").all())
    await expect(row).toContainText("e2e status reader");
  if ((await page.getByTestId("request-row").count()) === 0)
    await expect(page.getByText("No requests match these filters")).toBeVisible();
  await shot(page, "request-log-key-filter-1366");

  await page.goto(`/test/developers/requests?status=4xx`);
  await page.locator(`[data-request-id="${failedId}"]`).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/test/developers/requests/${failedId}$`));
  await expect(page.getByTestId("request-id")).toHaveText(failedId);
  await expect(page.getByTestId("error-body")).toContainText('"code": "params_validation"');
  await expect(page.getByTestId("request-body")).toContainText('"password": "[redacted]"');
  await expect(page.getByTestId("request-body")).toContainText('"merchantEmail": "not-an-email"');
  await expect(page.locator("body")).not.toContainText(secret);
  await shot(page, "request-detail-1366");

  await page.setViewportSize(phone);
  await page.goto(`/test/developers/requests/${failedId}`);
  await expect(page.getByTestId("error-body")).toBeVisible();
  await noSideways(page);
  await shot(page, "request-detail-390");
  await page.goto("/test/developers/requests");
  await expect(page.locator(`[data-request-id="${okId}"]`)).toBeVisible();
  await noSideways(page);
  await shot(page, "request-log-390");

  // Another account's request id is not found, whoever asks.
  await signInAs(page, "owner", "b");
  await page.goto(`/test/developers/requests/${failedId}`);
  await expect(page.getByRole("heading", { name: "This page does not exist." })).toBeVisible();
  await expect(page.locator("body")).not.toContainText("params_validation");
});

test("the request log shows no API key or signature pasted into a URL: query parameters are redacted by name and by shape", async ({
  page,
  api,
  fixtures,
}) => {
  const key = fixtures.accounts.a.keys.test;
  const compactSignature = `0x${"5a".repeat(64)}`;
  // Answered or refused (the list takes no such parameters), it is logged either way.
  const listed = await api.get(`/v1/payments?apiKey=${key}&limit=1&note=${compactSignature}`);
  const requestId = listed.headers["request-id"]!;

  await signInAs(page, "viewer");
  await expect(async () => {
    await page.goto("/test/developers/requests");
    await expect(page.locator(`[data-request-id="${requestId}"]`)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.locator(`[data-request-id="${requestId}"]`)).toContainText(
    "GET /v1/payments?apiKey=[redacted]&limit=1&note=[redacted]",
  );
  await page.goto(`/test/developers/requests/${requestId}`);
  await expect(page.getByTestId("request-id")).toHaveText(requestId);
  for (const secret of [key, key.slice(9), compactSignature.slice(2)])
    expect(await page.content()).not.toContain(secret);
  await shot(page, "request-detail-redacted-query");
});

test("the events list shows each event's payload, and an event's page its webhook body", async ({
  page,
  api,
}) => {
  const merchant = await createMerchant(api, { name: `Events Shop ${Date.now()}` });
  const payment = await api.post(
    "/v1/payments",
    { referenceId: `evt-ui-${Date.now()}`, amount: { unit: "iso4217/USD", value: "990" } },
    { merchantId: merchant.id },
  );
  expect(payment.status).toBe(201);
  const event = (
    (await api.get("/v1/events?type=payment.created&limit=50")).body.data as {
      id: string;
      data: { object: { id: string } };
    }[]
  ).find((e) => e.data.object.id === payment.body.id)!;

  await signInAs(page, "viewer");
  await page.setViewportSize(desktop);
  await page.goto("/test/developers/events?type=payment.created");
  const row = page.locator(`[data-event-id="${event.id}"]`);
  await expect(row).toContainText("payment.created");
  await row.getByText("Payload").click();
  await expect(row.getByLabel(`Payload of ${event.id}`)).toContainText(payment.body.id);
  await shot(page, "events-1366");

  await page.getByLabel("Type").selectOption("settlement.updated");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/type=settlement.updated/);
  await expect(page.locator(`[data-event-id="${event.id}"]`)).toHaveCount(0);

  await page.goto(`/test/developers/events/${event.id}`);
  await expect(page.getByRole("heading", { name: "payment.created" })).toBeVisible();
  expect(JSON.parse((await page.getByTestId("event-payload").textContent())!)).toEqual(
    (await api.get(`/v1/events/${event.id}`)).body,
  );
  await shot(page, "event-1366");

  await page.setViewportSize(phone);
  await page.goto("/test/developers/events?type=payment.created");
  await page.locator(`[data-event-id="${event.id}"]`).getByText("Payload").click();
  await noSideways(page);
  await shot(page, "events-390");
  await page.goto(`/test/developers/events/${event.id}`);
  await noSideways(page);
  await shot(page, "event-390");
  // The other mode does not have it.
  await page.goto(`/live/developers/events/${event.id}`);
  await expect(page.getByRole("heading", { name: "This page does not exist." })).toBeVisible();
});

test("a delivery shows its request and response bodies, and failed deliveries are redelivered by time range after a confirmation", async ({
  page,
  api,
}) => {
  const path = `/workbench-${Date.now()}`;
  const endpoint = await api.post("/v1/webhook-endpoints", {
    url: receiver.url(path),
    events: ["payment.succeeded"],
  });
  expect(endpoint.status).toBe(201);
  endpoints.push({ api, id: endpoint.body.id });
  const sent = await api.post(`/v1/webhook-endpoints/${endpoint.body.id}/test`);
  await receiver.waitFor(path, (d) => d.length === 1, "the test event");

  await signInAs(page, "developer");
  await page.setViewportSize(desktop);
  await expect(async () => {
    await page.goto(`/test/developers/webhooks/${endpoint.body.id}`);
    await expect(page.getByTestId(`delivery-${sent.body.id}`).getByTestId("response-status")).toHaveText(
      "200",
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 15_000 });
  const bodies = page.getByTestId(`delivery-bodies-${sent.body.id}`);
  await bodies.getByText("Request and response bodies").click();
  expect(JSON.parse((await bodies.getByTestId("request-body").textContent())!)).toEqual(
    JSON.parse(receiver.at(path)[0]!.body),
  );
  await expect(bodies.getByTestId("response-body")).toHaveText("ok");
  await shot(page, "delivery-bodies-1366");

  await (await hydrated(page.getByRole("button", { name: "Redeliver failed…" }))).click();
  const dialog = page.getByRole("dialog", { name: "Redeliver failed deliveries?" });
  await dialog.getByLabel("To").fill("2026-01-01T00:00");
  await dialog.getByRole("button", { name: "Redeliver failed deliveries" }).click();
  await expect(dialog.locator("#redeliver-to-error")).toHaveText("Must be after from.");
  await shot(page, "redeliver-failed-error-1366");
  await dialog.getByLabel("To").fill("2099-01-01T00:00");
  await dialog.getByLabel("From").fill("2098-12-31T00:00");
  await dialog.getByRole("button", { name: "Redeliver failed deliveries" }).click();
  await expect(page.getByText("No failed deliveries in that range.")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.setViewportSize(phone);
  await page.reload();
  await page.getByTestId(`delivery-bodies-${sent.body.id}`).getByText("Request and response bodies").click();
  await expect(page.getByTestId(`delivery-bodies-${sent.body.id}`).getByTestId("request-body")).toBeVisible();
  await noSideways(page);
  await shot(page, "delivery-bodies-390");
  await (await hydrated(page.getByRole("button", { name: "Redeliver failed…" }))).click();
  await expect(page.getByRole("dialog", { name: "Redeliver failed deliveries?" })).toBeVisible();
  await shot(page, "redeliver-failed-dialog-390");
});
