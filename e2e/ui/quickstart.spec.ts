import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { readFixtures } from "../support/fixtures-data";
import { baseURL } from "../support/settings";
import { signInAs } from "../support/ui";

/** Runs a copied snippet in bash, as a reader would paste it, and parses the JSON it prints. */
function run(snippet: string, env: Record<string, string>) {
  const output = execFileSync("bash", ["-euo", "pipefail", "-c", snippet], {
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
  return JSON.parse(output) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

test("the test-mode quickstart's curl commands, copied as shown, take a payment from creation to success", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAs(page, "developer");
  await page.goto("/test/developers");
  await page
    .getByRole("navigation", { name: "Developers" })
    .getByRole("link", { name: "Quickstart" })
    .click();
  await expect(page).toHaveURL(/\/test\/developers\/quickstart$/);
  await expect(
    page.getByRole("navigation", { name: "Developers" }).getByRole("link", { name: "Quickstart" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(
    page.getByRole("navigation", { name: "Developers" }).getByRole("link", { name: "Webhooks" }),
  ).toHaveAttribute("href", "/test/developers/webhooks");

  const snippet = (id: string) => page.getByTestId(`step-${id}`).innerText();
  await expect(page.getByTestId("step-key")).toHaveText("export TOLLGATE_API_KEY=svc_test_your_key_here");
  for (const id of ["create-merchant", "register-settlement", "create-payment", "poll-status", "simulate"]) {
    expect(await snippet(id)).toContain(`${baseURL}/v1/`);
    expect(await snippet(id)).toContain('-H "Api-Key: $TOLLGATE_API_KEY"');
  }
  await page.screenshot({ path: test.info().outputPath("quickstart-test.png"), fullPage: true });

  // The copy button copies exactly what is shown.
  await page
    .getByRole("button", { name: /^Copy: curl -sS -X POST/ })
    .first()
    .click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await snippet("create-merchant"));

  const env: Record<string, string> = { TOLLGATE_API_KEY: readFixtures().accounts.a.keys.test };
  const merchant = run(await snippet("create-merchant"), env);
  expect(merchant.merchant).toMatchObject({ name: "Acme Coffee", status: "active" });
  env.MERCHANT_ID = merchant.merchant.id;
  const settlement = run(await snippet("register-settlement"), env);
  expect(JSON.stringify(settlement)).toContain(
    "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  );
  const payment = run(await snippet("create-payment"), env);
  expect(payment).toMatchObject({
    referenceId: "order-1001",
    amount: { unit: "iso4217/USD", value: "1050" },
    status: "requires_action",
  });
  expect(payment.gatewayUrl).toContain(baseURL);
  env.PAYMENT_ID = payment.id;
  expect(run(await snippet("poll-status"), env)).toMatchObject({ isFinal: false });
  expect(run(await snippet("simulate"), env)).toMatchObject({ status: "succeeded" });
  expect(run(await snippet("poll-status"), env)).toMatchObject({
    status: "succeeded",
    isFinal: true,
    pollInMs: null,
    info: { txId: `test:${payment.id}` },
  });
});

test("the live-mode quickstart uses live keys, has no simulation, and its example wallet must be replaced", async ({
  page,
}) => {
  await signInAs(page, "developer");
  await page.goto("/live/developers/quickstart");
  await expect(page.getByRole("heading", { name: "Quickstart" })).toBeVisible();
  await expect(page.getByTestId("step-key")).toHaveText("export TOLLGATE_API_KEY=svc_live_your_key_here");
  await expect(page.getByTestId("step-simulate")).toHaveCount(0);
  expect(await page.getByTestId("step-register-settlement").innerText()).toContain(
    "eip155:8453:0xYOUR_WALLET_ADDRESS",
  );
  await expect(
    page.getByText("In live mode the buyer pays on the gateway page with a real wallet"),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("quickstart-live.png"), fullPage: true });
});

test("the API reference lists every operation from the OpenAPI document by tag, with parameters, body fields and responses", async ({
  page,
}) => {
  await signInAs(page, "viewer");
  await page.goto("/test/developers/quickstart");
  const openapi = (await (await page.request.get("/v1/openapi.json")).json()) as {
    paths: Record<string, Record<string, { operationId: string; tags: string[] }>>;
  };
  const reference = page.getByRole("region", { name: "API reference" });
  // Every entry's summary read at once: one round trip instead of one per operation.
  await expect(reference.locator("details[id] > summary").first()).toBeVisible();
  const summaries = new Map(
    await reference
      .locator("details[id]")
      .evaluateAll((entries) =>
        entries.map(
          (e) =>
            [e.id, (e.querySelector(":scope > summary")?.textContent ?? "").replace(/\s+/g, " ")] as const,
        ),
      ),
  );
  const tags = new Set<string>();
  for (const [path, methods] of Object.entries(openapi.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      expect(summaries.get(op.operationId), op.operationId).toContain(`${method.toUpperCase()}${path}`);
      tags.add(op.tags[0]!);
    }
  }
  for (const tag of tags) await expect(reference.getByRole("heading", { name: tag })).toBeVisible();

  const create = reference.locator('details[id="Payments_create"]');
  await create.locator("summary").click();
  const field = (table: string, name: string | RegExp) =>
    create
      .getByRole("group", { name: table })
      .getByRole("row")
      .filter({ has: page.locator("td:first-child", { hasText: name }) });
  await expect(field("Parameters", "Merchant-Id")).toContainText("required");
  await expect(field("Request body (JSON)", /^amount\.unit$/)).toContainText("string");
  await expect(field("Request body (JSON)", /^amount\.unit$/)).toContainText("required");
  await expect(field("Request body (JSON)", /^expiresAt$/)).toContainText("optional");
  await expect(create.getByRole("listitem").filter({ hasText: /^201/ })).toContainText("gatewayUrl");
  await expect(create.getByRole("listitem").filter({ hasText: /^401/ })).toContainText("invalid_api_key");
  await expect(reference.locator('details[id="TestPayments_simulate"] summary')).toContainText(
    "test mode only",
  );
  await create.screenshot({ path: test.info().outputPath("api-reference-create-payment.png") });

  // Keyboard: a reference entry opens with Enter.
  const status = reference.locator('details[id="Payments_status"]');
  await status.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(status).toHaveAttribute("open", "");
  await expect(status).toContainText("App-Id + Client-Id");
});
