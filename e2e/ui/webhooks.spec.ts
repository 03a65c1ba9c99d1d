import { expect, test, type Page } from "@playwright/test";
import { verifyTollgateSignature } from "@/lib/domain/webhooks/verify";
import { readFixtures } from "../support/fixtures-data";
import { passReauthIfAsked } from "../support/reauth";
import { actionArgs, captureServerAction, replayServerAction } from "../support/server-action";
import { baseURL } from "../support/settings";
import { runSql } from "../support/test-control";
import { confirmedOwnerSignedIn, signInAs } from "../support/ui";
import { WebhookReceiver, type Delivery } from "../support/webhook-receiver";

let receiver: WebhookReceiver;
let n = 0;
const created: string[] = [];
const apiKey = () => readFixtures().accounts.a.keys.test;
const newPath = () => `/ui-hooks/${Date.now().toString(36)}-${++n}`;
const signedWith = (d: Delivery, secret: string) =>
  verifyTollgateSignature(d.body, d.headers["tollgate-signature"] as string, secret);

test.beforeAll(async () => {
  receiver = await WebhookReceiver.start();
});
test.afterAll(async () => receiver.close());
// Endpoints left behind would receive every later test's events.
test.afterEach(async ({ request }) => {
  for (const id of created.splice(0))
    await request.delete(`/v1/webhook-endpoints/${id}`, { headers: { "Api-Key": apiKey() } });
  receiver.respond(() => 200);
});

/** Adds an endpoint through the dialog; returns its id and the secret the dialog showed once. */
async function addEndpoint(
  page: Page,
  url: string,
  events?: string[],
  password = readFixtures().accounts.a.users.owner.password,
) {
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Endpoint URL").fill(url);
  if (events) {
    await dialog.getByLabel(/^All events/).uncheck();
    for (const event of events) await dialog.getByLabel(event, { exact: true }).check();
  }
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  // A live endpoint needs the password again (by default account A's, which all its people share); a test one does not.
  await passReauthIfAsked(page, password, dialog.getByRole("heading", { name: "Copy the signing secret" }));
  const secret = await dialog.getByTestId("new-signing-secret").inputValue();
  await dialog.getByRole("button", { name: "I have stored it" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: url });
  const id = (await row.getAttribute("data-testid"))!.replace("webhook-endpoint-", "");
  created.push(id);
  return { id, secret, row };
}

test("a developer adds an endpoint: errors beside the fields, the secret shown once, then edits it", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAs(page, "developer");
  await page.goto("/test/developers");
  await page.getByRole("navigation", { name: "Developers" }).getByRole("link", { name: "Webhooks" }).click();
  await expect(page).toHaveURL(/\/test\/developers\/webhooks$/);
  await expect(
    page.getByRole("navigation", { name: "Developers" }).getByRole("link", { name: "Webhooks" }),
  ).toHaveAttribute("aria-current", "page");

  await page.getByRole("button", { name: "Add endpoint" }).click();
  const dialog = page.getByRole("dialog");
  const url = dialog.getByLabel("Endpoint URL");
  // The shape is checked in the browser by the API's own schema; https-only is the server's rule, shown beside the field too.
  await url.fill("example.com/hook");
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: "Must be an https:// URL." })).toBeVisible();
  await url.fill("http://example.com/hook");
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  // A test-mode endpoint asks for no password (issue 33): test events carry no real money.
  await expect(url).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("dialog", { name: "Confirm it is you" })).toHaveCount(0);
  await expect(dialog.locator("#endpoint-url-error")).toHaveText("Must be an https:// URL.");
  await url.fill("https://169.254.169.254/latest/meta-data");
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  await expect(dialog.locator("#endpoint-url-error")).toHaveText(
    "Must not be a link-local, reserved or tunnelled address.",
  );
  await dialog.getByLabel(/^All events/).uncheck();
  await url.fill(receiver.url("/never"));
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  await expect(dialog.getByText('Subscribe to at least one event type, or "*" for all.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("webhook-add-errors.png") });
  await dialog.getByRole("button", { name: "Cancel" }).click();

  const first = newPath();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await dialog.getByLabel("Endpoint URL").fill(receiver.url(first));
  await dialog.getByLabel(/^All events/).uncheck();
  await dialog.getByLabel("payment.succeeded", { exact: true }).check();
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  await expect(dialog.getByRole("alert")).toContainText("This is the only time the signing secret is shown.");
  const secret = await dialog.getByTestId("new-signing-secret").inputValue();
  expect(secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
  await page.screenshot({ path: test.info().outputPath("webhook-secret-shown-once.png") });
  await dialog.getByRole("button", { name: /^Copy secret/ }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await dialog.getByRole("button", { name: "I have stored it" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: receiver.url(first) });
  const id = (await row.getAttribute("data-testid"))!.replace("webhook-endpoint-", "");
  created.push(id);
  await expect(row).toContainText("payment.succeeded");
  await expect(row.getByText("Enabled")).toBeVisible();
  // A receiver on the server's own machine (issue 33): the row says whether deliveries reach it.
  await expect(row.getByTestId("loopback-note")).toHaveText(
    "On this server's machine: delivered, as this server allows loopback addresses.",
  );
  await page.reload();
  expect(await page.content()).not.toContain(secret);
  await page.screenshot({ path: test.info().outputPath("webhooks-list.png"), fullPage: true });

  await row.getByRole("link", { name: receiver.url(first) }).click();
  await expect(page).toHaveURL(new RegExp(`/test/developers/webhooks/${id}$`));
  await expect(page.getByText("Nothing delivered yet")).toBeVisible();
  // Its page says why (the operator's WEBHOOKS_ALLOW_PRIVATE_NETWORKS) and how to receive events on
  // one's own computer instead.
  const note = page.getByRole("note").filter({ hasText: "WEBHOOKS_ALLOW_PRIVATE_NETWORKS" });
  await expect(note).toContainText("The server delivers to it because its operator turned on");
  await expect(note).toContainText(
    `npm run listen -- --api-key svc_test_… --forward-to ${receiver.url(first)}`,
  );
  expect(await page.content()).not.toContain(secret);
  const second = newPath();
  await page.getByLabel("Endpoint URL").fill("http://example.com/hook");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("#edit-endpoint-url-error")).toHaveText("Must be an https:// URL.");
  await page.getByLabel("Endpoint URL").fill(receiver.url(second));
  await page.getByLabel("refund.succeeded", { exact: true }).check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Webhook endpoint saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Endpoint URL")).toHaveValue(receiver.url(second));
  await expect(page.getByLabel("refund.succeeded", { exact: true })).toBeChecked();
  await expect(page.getByLabel("payment.succeeded", { exact: true })).toBeChecked();
  await expect(page.getByLabel("payment.created", { exact: true })).not.toBeChecked();
  const stored = await page.request.get(`/v1/webhook-endpoints/${id}`, { headers: { "Api-Key": apiKey() } });
  expect(await stored.json()).toMatchObject({
    url: receiver.url(second),
    events: ["payment.succeeded", "refund.succeeded"],
    enabled: true,
  });
  await page.screenshot({ path: test.info().outputPath("webhook-endpoint-edited.png"), fullPage: true });
});

test("the list says so when there are no endpoints", async ({ page }) => {
  await signInAs(page, "developer", "b");
  await page.goto("/live/developers/webhooks");
  await expect(page.getByText("No live-mode webhook endpoints yet")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("webhooks-empty.png"), fullPage: true });
  // The first endpoint replaces the empty state while its secret is still on screen.
  const { id, secret } = await addEndpoint(
    page,
    receiver.url(newPath()),
    undefined,
    readFixtures().accounts.b.users.developer.password,
  );
  expect(secret).toMatch(/^whsec_/);
  created.splice(created.indexOf(id), 1);
  await expect(page.getByText("No live-mode webhook endpoints yet")).toHaveCount(0);
  expect(
    (
      await page.request.delete(`/v1/webhook-endpoints/${id}`, {
        headers: { "Api-Key": readFixtures().accounts.b.keys.live },
      })
    ).status(),
  ).toBe(200);
});

test("a test event reaches a real receiver signed with the shown secret; a 500 shows as a failed attempt; Redeliver sends it again", async ({
  page,
}) => {
  await signInAs(page, "admin");
  await page.goto("/test/developers/webhooks");
  const hook = newPath();
  const { secret, row } = await addEndpoint(page, receiver.url(hook));
  await row.getByRole("link").click();

  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByText("Test event queued")).toBeVisible();
  const [received] = await receiver.waitFor(hook, (d) => d.length === 1, "the test event");
  expect(received!.event).toMatchObject({ type: "webhook.test", mode: "test" });
  expect(signedWith(received!, secret)).toBe(true);
  const delivered = page.locator(`[data-event-id="${received!.event.id}"]`);
  // The page refreshes itself while an attempt is due.
  await expect(delivered.getByText("Delivered")).toBeVisible();
  await expect(delivered.getByTestId("response-status")).toHaveText("200");
  await expect(delivered.getByTestId("attempts")).toHaveText("1");
  await expect(delivered.getByTestId("response-excerpt")).toHaveText("ok");
  await expect(delivered).toContainText("webhook.test");
  await expect(delivered).toContainText(/\d+ ms/);

  receiver.respond((d) => (d.path === hook ? 500 : 200));
  await page.getByRole("button", { name: "Send test event" }).click();
  const [, failedOnce] = await receiver.waitFor(hook, (d) => d.length === 2, "the second test event");
  const failing = page.locator(`[data-event-id="${failedOnce!.event.id}"]`);
  await expect(failing.getByText("Retrying")).toBeVisible();
  await expect(failing.getByTestId("response-status")).toHaveText("500");
  await expect(failing).toContainText("HTTP 500");
  await expect(failing.getByTestId("response-excerpt")).toHaveText("receiver says 500");
  // Newest first.
  await expect(page.locator("[data-event-id]").first()).toHaveAttribute(
    "data-event-id",
    failedOnce!.event.id,
  );
  await page.screenshot({ path: test.info().outputPath("webhook-delivery-log-failed.png"), fullPage: true });

  receiver.respond(() => 200);
  await failing.getByRole("button", { name: "Redeliver" }).click();
  await expect(page.getByText("Redelivery queued")).toBeVisible();
  await expect(failing.getByText("Delivered")).toBeVisible();
  await expect(failing.getByTestId("response-status")).toHaveText("200");

  // A delivery that already succeeded has no retry of its own coming: only Redeliver sends it again.
  await delivered.getByRole("button", { name: "Redeliver" }).click();
  await receiver.waitFor(
    hook,
    (d) => d.filter((x) => x.event.id === received!.event.id).length === 2,
    "the redelivered test event",
  );
  await expect(delivered.getByTestId("attempts")).toHaveText("2");
  await expect(delivered.getByText("Delivered")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("webhook-delivery-log.png"), fullPage: true });
});

test("rotating the secret asks first and shows the new one once; deleting asks first and removes the endpoint", async ({
  page,
}) => {
  await signInAs(page, "owner");
  await page.goto("/test/developers/webhooks");
  const hook = newPath();
  const { id, secret: old, row } = await addEndpoint(page, receiver.url(hook), ["payment.created"]);
  await row.getByRole("link").click();

  await page.getByRole("button", { name: "Rotate secret" }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText("the current one stops working at once");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await page.getByRole("button", { name: "Rotate secret" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Rotate secret" }).click();
  const shown = page.getByRole("dialog").filter({ hasText: "Copy the new signing secret" });
  const rotated = await shown.getByTestId("new-signing-secret").inputValue();
  expect(rotated).toMatch(/^whsec_/);
  expect(rotated).not.toBe(old);
  await page.screenshot({ path: test.info().outputPath("webhook-secret-rotated.png") });
  await shown.getByRole("button", { name: "I have stored it" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  expect(await page.content()).not.toContain(rotated);

  await page.getByRole("button", { name: "Send test event" }).click();
  const [received] = await receiver.waitFor(hook, (d) => d.length === 1, "the test event");
  expect(signedWith(received!, rotated)).toBe(true);
  expect(signedWith(received!, old)).toBe(false);

  await page.getByRole("button", { name: "Delete endpoint" }).click();
  await expect(page.getByRole("dialog")).toContainText("This cannot be undone.");
  await page.screenshot({ path: test.info().outputPath("webhook-delete-confirm.png") });
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  expect(
    (await page.request.get(`/v1/webhook-endpoints/${id}`, { headers: { "Api-Key": apiKey() } })).status(),
  ).toBe(200);
  await page.getByRole("button", { name: "Delete endpoint" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete endpoint" }).click();
  await expect(page).toHaveURL(/\/test\/developers\/webhooks$/);
  await expect(page.getByText("Webhook endpoint deleted")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: receiver.url(hook) })).toHaveCount(0);
  expect(
    (await page.request.get(`/v1/webhook-endpoints/${id}`, { headers: { "Api-Key": apiKey() } })).status(),
  ).toBe(404);

  await page.goto("/test/audit-log");
  for (const action of [
    "webhook_endpoint.created",
    "webhook_endpoint.secret_rotated",
    "webhook_endpoint.test_sent",
    "webhook_endpoint.deleted",
  ]) {
    await expect(
      page.getByRole("row").filter({ hasText: action }).filter({ hasText: id }).first(),
    ).toBeVisible();
  }
});

/** How many of an endpoint's received deliveries are test events. */
const testEvents = (deliveries: { event: { type: string } }[]) =>
  deliveries.filter((d) => d.event.type === "webhook.test").length;

test("read-only roles see endpoints and deliveries but no controls, and the actions refuse them", async ({
  page,
  browser,
}) => {
  await signInAs(page, "developer");
  await page.goto("/test/developers/webhooks");
  const hook = newPath();
  const { id, row } = await addEndpoint(page, receiver.url(hook));
  await row.getByRole("link").click();
  const send = await captureServerAction(page, () =>
    page.getByRole("button", { name: "Send test event" }).click(),
  );
  expect(actionArgs(send)[0]).toMatchObject({ endpointId: id, mode: "test" });
  await receiver.waitFor(hook, (d) => testEvents(d) === 1, "the test event");

  for (const role of ["viewer", "support"] as const) {
    const context = await browser.newContext();
    const other = await context.newPage();
    await signInAs(other, role);
    await other.goto("/test/developers/webhooks");
    await expect(other.getByRole("row").filter({ hasText: receiver.url(hook) })).toBeVisible();
    await expect(other.getByRole("button", { name: /Add/ })).toHaveCount(0);
    await other.goto(`/test/developers/webhooks/${id}`);
    await expect(other.getByText("webhook.test", { exact: true })).toBeVisible();
    for (const control of [
      "Send test event",
      "Rotate secret",
      "Delete endpoint",
      "Save changes",
      "Redeliver",
    ])
      await expect(other.getByRole("button", { name: control })).toHaveCount(0);
    await expect(other.getByRole("textbox")).toHaveCount(0);
    await expect(other.getByRole("checkbox")).toHaveCount(0);
    if (role === "viewer")
      await other.screenshot({
        path: test.info().outputPath("webhook-endpoint-as-viewer.png"),
        fullPage: true,
      });

    const response = await replayServerAction(other, send);
    expect(response).toContain('"code":"forbidden"');
    expect(response).toContain(`Your role (${role}) does not allow this.`);
    await context.close();
  }
  // Nothing more was sent: the refused replays queued no test event.
  const log = await page.request.get(`/v1/webhook-endpoints/${id}/deliveries`, {
    headers: { "Api-Key": apiKey() },
  });
  // (Other tests' payments may expire meanwhile: this endpoint takes every event, so count test events.)
  expect(
    ((await log.json()).data as { eventType: string }[]).filter((d) => d.eventType === "webhook.test"),
  ).toHaveLength(1);
  // The developer's own replay does send one: the replay above was a real call.
  expect(await replayServerAction(page, send)).toContain('"ok":true');
  await receiver.waitFor(hook, (d) => testEvents(d) === 2, "the replayed test event");
});

test("an endpoint Tollgate disabled after 3 days of failures is announced across the dashboard until it is enabled again", async ({
  browser,
}) => {
  // An account of its own, so that its banner shows on no other test's pages.
  const owner = {
    accountName: "Banner Co",
    name: "Bea Banner",
    email: `banner.${Date.now().toString(36)}@e2e.tollgate.test`,
    password: "banner-owner-password",
  };
  const hook = newPath();
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  try {
    await confirmedOwnerSignedIn(page, owner);
    await page.goto("/test/developers/webhooks");
    const { id } = await addEndpoint(page, receiver.url(hook), undefined, owner.password);
    created.splice(created.indexOf(id), 1);
    await page.goto("/test");
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "disabled" })).toHaveCount(0);

    // Three days cannot pass in a test: the endpoint is left as the worker leaves it after them.
    const changed = await runSql(
      `UPDATE "WebhookEndpoint" SET "enabled" = false, "disabledAt" = now() AT TIME ZONE 'UTC', "failingSince" = (now() AT TIME ZONE 'UTC') - interval '3 days 1 minute' WHERE "id" = $1`,
      id,
    );
    expect(changed.count).toBe(1);

    await page.goto("/test");
    const banner = page.getByRole("alert", { name: "Disabled webhook endpoints" });
    await expect(banner).toContainText("A webhook endpoint was disabled: every delivery failed for 3 days");
    await page.screenshot({ path: test.info().outputPath("webhook-disabled-banner.png"), fullPage: true });
    await page.goto("/test/payments");
    await expect(banner).toBeVisible();
    await banner.getByRole("link", { name: receiver.url(hook) }).click();
    await expect(page).toHaveURL(new RegExp(`/test/developers/webhooks/${id}$`));
    await expect(page.getByText("Disabled after failing")).toBeVisible();
    await expect(page.getByText("Tollgate disabled this endpoint")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send test event" })).toBeDisabled();
    await page.screenshot({ path: test.info().outputPath("webhook-disabled-endpoint.png"), fullPage: true });

    await page.getByLabel(/^Enabled/).check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Webhook endpoint saved")).toBeVisible();
    await expect(banner).toHaveCount(0);
    await expect(page.getByText("Disabled after failing")).toHaveCount(0);
    await page.getByRole("button", { name: "Send test event" }).click();
    await receiver.waitFor(hook, (d) => d.length === 1, "a test event once enabled again");
  } finally {
    await context.close();
  }
});
