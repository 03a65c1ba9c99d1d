import type { Page } from "@playwright/test";
import { expect, freshKey, test } from "../support/api";
import {
  apiStatus,
  bridgeMessages,
  checkoutViewport,
  controlPageTime,
  failureMessage,
  installBridge,
  newCheckoutPayment,
  successMessage,
  watchCspViolations,
} from "../support/checkout";
import { createMerchant, sampleAddress, usdcBase } from "../support/merchants";
import { baseURL } from "../support/settings";
import { runSql } from "../support/test-control";
import { signInAs } from "../support/ui";

test.use({ viewport: checkoutViewport });

const shot = (name: string) => ({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test.describe("test mode", () => {
  test("Simulate success posts one PAY_SUCCESS to each bridge, the API reports succeeded, and Return to app appears", async ({
    page,
    api,
  }) => {
    const violations = watchCspViolations(page);
    const { merchant, payment, path } = await newCheckoutPayment(api, {
      name: "Corner Coffee",
      allowedReturnOrigins: ["myapp://"],
    });
    await installBridge(page, { reactNative: true });
    const time = await controlPageTime(page);
    await page.goto(`${path}?returnUrl=${encodeURIComponent("myapp://orders/42")}&preferUniversalLinks=1`);

    await expect(page.getByTestId("test-mode-banner")).toHaveText(/TEST MODE/);
    await expect(page.getByTestId("merchant-name")).toHaveText("Corner Coffee");
    await expect(page.getByTestId("payment-amount")).toHaveText("$10.50");
    await expect(page.getByText(`Order ${payment.referenceId}`)).toBeVisible();
    await expect(page.getByTestId("countdown")).toHaveText(/^1[45]:\d\d$/);
    await expect(page.getByTestId("return-to-app")).toHaveCount(0);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      checkoutViewport.width,
    );
    await page.screenshot(shot("test-mode-open"));

    await page.getByRole("button", { name: "Simulate success" }).click();
    const outcome = page.getByTestId("payment-outcome");
    await expect(outcome).toHaveAttribute("data-status", "succeeded");
    await expect(outcome.getByRole("heading")).toHaveText("Payment successful");
    await expect(outcome).toContainText("You paid $10.50 to Corner Coffee.");
    await expect(page.getByTestId("transaction-id")).toHaveText(`test:${payment.id}`);
    await expect(page.getByRole("button", { name: /Simulate|Cancel/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Return to app" })).toHaveAttribute(
      "href",
      "myapp://orders/42",
    );
    await page.screenshot(shot("test-mode-succeeded"));

    const status = await apiStatus(api, payment.id, merchant.id);
    expect(status).toMatchObject({
      status: "succeeded",
      isFinal: true,
      info: { txId: `test:${payment.id}` },
    });
    // Exactly one message per bridge, even after the page has had time to poll again.
    await time.pass(5_000);
    expect(await bridgeMessages(page)).toEqual([
      { to: "NativeWebView", message: successMessage },
      { to: "ReactNativeWebView", message: successMessage },
    ]);
    expect(violations).toEqual([]);

    // A page opened on the already-final payment reports it once too, with no pay controls.
    await page.reload();
    await expect(page.getByTestId("payment-outcome")).toHaveAttribute("data-status", "succeeded");
    await expect.poll(() => bridgeMessages(page)).toHaveLength(2);
    await time.pass(5_000);
    expect(await bridgeMessages(page)).toEqual([
      { to: "NativeWebView", message: successMessage },
      { to: "ReactNativeWebView", message: successMessage },
    ]);
  });

  for (const [button, status, heading, error] of [
    ["Simulate failure", "failed", "Payment failed", "The payment failed."],
    ["Cancel payment", "cancelled", "Payment cancelled", "The payment was cancelled."],
  ] as const) {
    test(`${button} posts one PAY_FAILURE and the API reports ${status}`, async ({ page, api }) => {
      const { merchant, path } = await newCheckoutPayment(api);
      await installBridge(page);
      const time = await controlPageTime(page);
      await page.goto(path);
      await page.getByRole("button", { name: button }).click();
      await expect(page.getByTestId("payment-outcome")).toHaveAttribute("data-status", status);
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
      await page.screenshot(shot(`test-mode-${status}`));
      const paymentId = path.split("/").pop()!;
      expect((await apiStatus(api, paymentId, merchant.id)).status).toBe(status);
      await time.pass(5_000);
      expect(await bridgeMessages(page)).toEqual([{ to: "NativeWebView", message: failureMessage(error) }]);
    });
  }

  test("with checkout URLs set at creation, the page posts the outcome and then sends the buyer there with payment_id", async ({
    page,
    api,
  }) => {
    const checkout = {
      successUrl: "https://shop.example/done?order=7",
      errorUrl: "https://shop.example/oops",
    };
    // The browser has no network: the merchant's pages are answered here.
    await page.route("https://shop.example/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<h1>Merchant page</h1>" }),
    );
    await installBridge(page);
    for (const [button, expected] of [
      ["Simulate success", checkout.successUrl + "&payment_id="],
      ["Simulate failure", checkout.errorUrl + "?payment_id="],
    ] as const) {
      const { payment, path } = await newCheckoutPayment(api, { checkout });
      await page.goto(path);
      await page.getByRole("button", { name: button }).click();
      await page.waitForURL(`${expected}${payment.id}`);
      await expect(page.getByRole("heading", { name: "Merchant page" })).toBeVisible();
    }
    // A page opened once the payment is already final shows the outcome, then sends the buyer on too.
    const { payment, path } = await newCheckoutPayment(api, { checkout });
    await api.post(`/v1/payments/${payment.id}/cancel`);
    await page.goto(path);
    await page.waitForURL(`${checkout.errorUrl}?payment_id=${payment.id}`);

    // The page left, and Tollgate still heard that it told the app: the owner sees it on the payment's history.
    await signInAs(page, "owner");
    await expect(async () => {
      await page.goto(`/test/payments/${payment.id}`);
      await expect(
        page
          .getByTestId("payment-event")
          .filter({ hasText: "Outcome sent to the app: cancelled (NativeWebView)" }),
      ).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
  });

  test("a button pressed after the payment ended elsewhere shows the final state instead of an error", async ({
    page,
    api,
  }) => {
    const { merchant, payment, path } = await newCheckoutPayment(api);
    await installBridge(page);
    // Hold back the page's status polls so it cannot learn of the cancellation on its own.
    await page.route("**/status?*", () => {});
    await page.goto(path);
    await expect(page.getByRole("button", { name: "Simulate success" })).toBeVisible();
    expect(
      (await api.post(`/v1/payments/${payment.id}/cancel`, undefined, { idempotencyKey: freshKey("cancel") }))
        .status,
    ).toBe(200);
    await page.getByRole("button", { name: "Simulate success" }).click();
    await expect(page.getByTestId("payment-outcome")).toHaveAttribute("data-status", "cancelled");
    await expect(page.locator("p[role=alert]")).toHaveCount(0);
    expect((await apiStatus(api, payment.id, merchant.id)).status).toBe("cancelled");
    expect(await bridgeMessages(page)).toEqual([
      { to: "NativeWebView", message: failureMessage("The payment was cancelled.") },
    ]);
  });

  test("an open page reports a payment finished through the simulate API", async ({ page, api }) => {
    const { payment, path } = await newCheckoutPayment(api);
    await installBridge(page);
    await page.clock.install();
    const firstLook = page.waitForResponse((response) => response.url().includes("/status?maxPollMs=0"));
    await page.goto(path);
    await expect(page.getByTestId("payment-status")).toHaveAttribute("data-status", "requires_action");
    // Let the page settle into its long poll (due pollInMs after its first look) before the payment changes.
    await firstLook;
    const longPoll = page.waitForRequest((request) => /\/status\?maxPollMs=[1-9]/.test(request.url()));
    await page.clock.runFor(2000);
    await longPoll;
    expect(
      (await api.post(`/v1/test/payments/${payment.id}/simulate`, { outcome: "succeeded" })).status,
    ).toBe(200);
    await expect(page.getByTestId("payment-outcome")).toHaveAttribute("data-status", "succeeded", {
      timeout: 5000,
    });
    expect(await bridgeMessages(page)).toEqual([{ to: "NativeWebView", message: successMessage }]);
    await page.screenshot(shot("simulated-by-api"));
  });

  test("an expired payment shows as expired, with no pay controls, and reports PAY_FAILURE", async ({
    page,
    api,
  }) => {
    const { payment, path } = await newCheckoutPayment(api, {
      allowedReturnOrigins: ["https://shop.example"],
    });
    expect((await api.post(`/v1/test/payments/${payment.id}/simulate`, { outcome: "expired" })).status).toBe(
      200,
    );
    await installBridge(page);
    await page.goto(`${path}?returnUrl=${encodeURIComponent("https://shop.example/orders/42")}`);
    await expect(page.getByTestId("payment-outcome")).toHaveAttribute("data-status", "expired");
    await expect(page.getByRole("heading", { name: "Payment expired" })).toBeVisible();
    await expect(page.getByText("The payment expired before it was paid.")).toBeVisible();
    await expect(page.getByRole("button")).toHaveCount(0);
    await expect(page.getByTestId("countdown")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Return to app" })).toHaveAttribute(
      "href",
      "https://shop.example/orders/42",
    );
    await expect
      .poll(() => bridgeMessages(page))
      .toEqual([{ to: "NativeWebView", message: failureMessage("The payment expired before it was paid.") }]);
    await page.screenshot(shot("expired"));
  });

  test("an open page whose countdown runs out shows the payment expired", async ({ page, api }) => {
    const { merchant, payment, path } = await newCheckoutPayment(api, {
      expiresAt: new Date(Date.now() + 62_000).toISOString(),
    });
    await installBridge(page);
    await page.clock.install();
    await page.goto(path);
    await expect(page.getByTestId("countdown")).toHaveText(/^[01]:\d\d$/);
    // A minute cannot pass in a test: the payment is dated back and the page's clock moved on past it.
    expect(
      (
        await runSql(
          `UPDATE "Payment" SET "expiresAt" = $1::timestamp WHERE "id" = $2`,
          new Date(Date.now() - 1_000).toISOString(),
          payment.id,
        )
      ).count,
    ).toBe(1);
    await page.clock.fastForward(62_000);
    await expect(page.getByTestId("payment-outcome")).toHaveAttribute("data-status", "expired", {
      timeout: 80_000,
    });
    expect((await apiStatus(api, payment.id, merchant.id)).status).toBe("expired");
    expect(await bridgeMessages(page)).toEqual([
      { to: "NativeWebView", message: failureMessage("The payment expired before it was paid.") },
    ]);
  });

  test("no bridge object: the outcome still shows and nothing throws", async ({ page, api }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const { path } = await newCheckoutPayment(api);
    await page.goto(path);
    await page.getByRole("button", { name: "Simulate success" }).click();
    await expect(page.getByTestId("payment-outcome")).toHaveAttribute("data-status", "succeeded");
    expect(errors).toEqual([]);
  });
});

test.describe("escaping, origins and no JavaScript", () => {
  test("a merchant name and order reference full of markup are shown as text, on the server's page and in the outcome the script draws", async ({
    page,
    api,
  }) => {
    const name = `<img src=x onerror="window.__xss='name'">Shop & "Co"`;
    const referenceId = `<script>window.__xss='reference'</script>`;
    const merchant = await createMerchant(api, { withUsdc: true, name });
    const created = await api.post(
      "/v1/payments",
      { referenceId, amount: { unit: "iso4217/USD", value: "1050" } },
      { merchantId: merchant.id },
    );
    expect(created.status).toBe(201);
    await page.goto(new URL(created.body.gatewayUrl).pathname);
    await expect(page.getByTestId("merchant-name")).toHaveText(name);
    await expect(page.getByText(`Order ${referenceId}`)).toBeVisible();
    await page.getByRole("button", { name: "Simulate success" }).click();
    await expect(page.getByTestId("payment-outcome")).toContainText(`You paid $10.50 to ${name}.`);
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    await expect(page.locator("img")).toHaveCount(0);
    await page.screenshot(shot("escaped-markup"));
  });

  test("the test-mode buttons' route answers only the checkout page's own origin", async ({ page, api }) => {
    const { merchant, payment, path } = await newCheckoutPayment(api);
    const simulate = (headers: Record<string, string>) =>
      page.request.post(`${path}/simulate`, { data: { outcome: "succeeded" }, headers });
    for (const headers of [{}, { Origin: "https://evil.example" }, { Origin: "null" }] as Record<
      string,
      string
    >[]) {
      const refused = await simulate(headers);
      expect(refused.status(), JSON.stringify(headers)).toBe(403);
      expect((await refused.json()).code).toBe("forbidden");
    }
    expect((await apiStatus(api, payment.id, merchant.id)).status).toBe("requires_action");
    const ownOrigin = { Origin: new URL(baseURL).origin };
    expect(
      (
        await page.request.post(`${path}/simulate`, { data: { outcome: "paid" }, headers: ownOrigin })
      ).status(),
    ).toBe(400);
    const accepted = await simulate(ownOrigin);
    expect(accepted.status()).toBe(200);
    expect(await accepted.json()).toMatchObject({ status: "succeeded", isFinal: true });
    expect((await apiStatus(api, payment.id, merchant.id)).status).toBe("succeeded");
  });

  test("with JavaScript off the page still shows the amount, the status and a final outcome", async ({
    browser,
    api,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: checkoutViewport });
    const page = await context.newPage();
    const { payment, path } = await newCheckoutPayment(api, { name: "Quiet Cafe" });
    await page.goto(path);
    await expect(page.getByTestId("payment-amount")).toHaveText("$10.50");
    await expect(page.getByTestId("payment-status")).toHaveAttribute("data-status", "requires_action");
    await expect(page.getByTestId("countdown")).toHaveText(/^1[45]:\d\d$/);
    await page.screenshot({ path: test.info().outputPath("no-javascript-open.png"), fullPage: true });
    expect(
      (await api.post(`/v1/test/payments/${payment.id}/simulate`, { outcome: "succeeded" })).status,
    ).toBe(200);
    await page.reload();
    await expect(page.getByTestId("payment-outcome")).toHaveAttribute("data-status", "succeeded");
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    await context.close();
  });
});

test.describe("links and ids", () => {
  const refused = [
    "javascript:alert(document.domain)",
    "JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "//evil.example/orders",
    "/orders/42",
    "evil.example",
    "https:evil.example",
  ];

  test("a malicious or relative returnUrl is refused: no Return to app, and never rendered into the page", async ({
    page,
    api,
  }) => {
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // Even with everything the allow-list accepts listed, these are refused for what they are.
    const { payment, path } = await newCheckoutPayment(api, {
      allowedReturnOrigins: ["https://shop.example", "myapp://"],
    });
    expect(
      (await api.post(`/v1/test/payments/${payment.id}/simulate`, { outcome: "succeeded" })).status,
    ).toBe(200);
    for (const returnUrl of refused) {
      await page.goto(`${path}?returnUrl=${encodeURIComponent(returnUrl)}`);
      await expect(page.getByTestId("payment-outcome"), returnUrl).toHaveAttribute(
        "data-status",
        "succeeded",
      );
      await expect(page.getByRole("link", { name: "Return to app" }), returnUrl).toHaveCount(0);
      const hrefs = await page
        .locator("a[href]")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
      expect(
        hrefs.filter((href) => /script:|^data:|evil/i.test(href)),
        returnUrl,
      ).toEqual([]);
    }
    await page.screenshot(shot("return-url-refused"));
    expect(dialogs).toEqual([]);
  });

  test("a returnUrl is offered only when the merchant's or one of the account's public apps' allow-list has its origin or app scheme", async ({
    page,
    api,
  }) => {
    const app = `tollgate${Date.now()}`;
    const { merchant, payment, path } = await newCheckoutPayment(api, {
      allowedReturnOrigins: ["https://Shop.Example/"],
    });
    expect((await api.get(`/v1/merchants/${merchant.id}`)).body.merchant.allowedReturnOrigins).toEqual([
      "https://shop.example",
    ]);
    expect(
      (await api.post(`/v1/test/payments/${payment.id}/simulate`, { outcome: "succeeded" })).status,
    ).toBe(200);
    const offered = async (returnUrl: string) => {
      await page.goto(`${path}?returnUrl=${encodeURIComponent(returnUrl)}`);
      await expect(page.getByTestId("payment-outcome")).toHaveAttribute("data-status", "succeeded");
      return (await page.getByRole("link", { name: "Return to app" }).count()) > 0;
    };
    expect(await offered("https://shop.example/orders/42")).toBe(true);
    await expect(page.getByRole("link", { name: "Return to app" })).toHaveAttribute(
      "href",
      "https://shop.example/orders/42",
    );
    // Anyone can append a returnUrl to a payment link; a site nobody in the account listed is ignored.
    for (const elsewhere of [
      "https://evil.example/phish",
      "https://shop.example.evil.example/",
      "http://shop.example/orders/42",
      `${app}://orders/42`,
    ]) {
      expect(await offered(elsewhere), elsewhere).toBe(false);
    }
    await page.screenshot(shot("return-url-not-allowed"));

    // A public app of the same account and mode lists its scheme on the Developers page: its links work for every merchant.
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, "owner");
    await page.goto("/test/developers");
    await page.getByRole("button", { name: "Create App-Id" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill(`Wallet ${app}`);
    await dialog.getByLabel("Allowed return URLs (optional)").fill("https://shop.example/orders");
    await dialog.getByRole("button", { name: "Create App-Id" }).click();
    await expect(dialog.locator("#app-return-origins-error")).toHaveText(
      "https://shop.example/orders is not an https origin (https://shop.example.com) or an app scheme (myapp://).",
    );
    await dialog.getByLabel("Allowed return URLs (optional)").fill(`${app}://`);
    await page.screenshot(shot("public-app-return-origins-390"));
    await dialog.getByRole("button", { name: "Create App-Id" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("row").filter({ hasText: `Wallet ${app}` })).toContainText(
      `Returns to ${app}://`,
    );
    expect(await offered(`${app}://orders/42`)).toBe(true);
  });

  test("an unknown or malformed payment id is a 404 page, and its status route a 404 Error object", async ({
    page,
  }) => {
    for (const id of [
      "pay_000000000000000000000000",
      "pay_short",
      "garbage",
      "mrch_000000000000000000000000",
    ]) {
      const response = await page.goto(`/pay/${id}`);
      expect(response?.status(), id).toBe(404);
      await expect(page.getByRole("heading", { name: "Payment not found" })).toBeVisible();
      const status = await page.request.get(`/pay/${id}/status`);
      expect(status.status()).toBe(404);
      expect(await status.json()).toEqual({ code: "not_found", message: "Payment not found." });
    }
    await page.screenshot(shot("not-found"));
  });

  test("the public status route answers the spec's status object (with the checkout's exception fields), and holds a long poll until the status changes", async ({
    page,
    api,
  }) => {
    const { payment, path } = await newCheckoutPayment(api);
    const first = await page.request.get(`${path}/status`);
    expect(first.headers()["cache-control"]).toBe("no-store");
    // The spec's status object, plus what the checkout tells the buyer beside it (issue 33).
    expect(await first.json()).toEqual({
      status: "requires_action",
      isFinal: false,
      pollInMs: 2000,
      info: null,
      exception: null,
      droppedFrom: null,
    });

    const started = Date.now();
    const held = page.request.get(`${path}/status?maxPollMs=10000`);
    await new Promise((resolve) => setTimeout(resolve, 800));
    await api.post(`/v1/test/payments/${payment.id}/simulate`, { outcome: "failed" });
    expect(await (await held).json()).toEqual({
      status: "failed",
      isFinal: true,
      pollInMs: null,
      info: null,
      exception: null,
      droppedFrom: null,
    });
    expect(Date.now() - started).toBeLessThan(5000);
    // Past 30 s a poll is held 30 s, not refused (WalletConnect Pay's rule); a final payment answers at once.
    const clamped = await page.request.get(`${path}/status?maxPollMs=99999`);
    expect([clamped.status(), (await clamped.json()).status]).toEqual([200, "failed"]);
  });
});

test.describe("live mode", () => {
  const txHash = `0x${"ab".repeat(32)}`;
  const buyer = "0x1111111111111111111111111111111111111111";

  async function newLivePayment(
    apiAs: (c: Record<string, string>) => import("../support/api").ApiClient,
    liveKey: string,
  ) {
    const live = apiAs({ "Api-Key": liveKey });
    const { merchant, payment, path } = await newCheckoutPayment(live, {
      name: "Harbor Books",
      allowedReturnOrigins: ["myapp://"],
    });
    return { live, merchant, payment, path };
  }

  test("an option shows its EIP-681 URI, to the payment's own deposit address, as a QR code and an Open in wallet link; no test controls", async ({
    page,
    apiAs,
    fixtures,
  }) => {
    const violations = watchCspViolations(page);
    const { path } = await newLivePayment(apiAs, fixtures.accounts.a.keys.live);
    await page.goto(`${path}?returnUrl=${encodeURIComponent("myapp://orders/7")}&preferUniversalLinks=1`);
    await expect(page.getByTestId("test-mode-banner")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Simulate/ })).toHaveCount(0);

    const option = page.getByTestId("payment-option");
    await expect(option).toHaveCount(1);
    await expect(option).toHaveAttribute("data-asset", usdcBase);
    await expect(option.locator("summary")).toContainText("USDC");
    await expect(option.locator("summary")).toContainText("on Base");
    await expect(option.locator("summary")).toContainText("10.5 USDC");
    // The local chain poses as Base and has a deposit factory: the option names the payment's own
    // address, not the merchant's wallet, which a plain transfer could not be told to be this payment's.
    const deposit = (await option.getByTestId("deposit-address").textContent())!;
    expect(deposit).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const uri = `ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=${deposit}&uint256=10500000`;
    await expect(page.getByRole("link", { name: "Open in wallet" })).toHaveAttribute("href", uri);
    await expect(page.getByRole("img", { name: "QR code to pay 10.5 USDC on Base" })).toBeVisible();
    expect((await page.content()).toLowerCase()).not.toContain(sampleAddress.slice(2).toLowerCase());
    // No injected wallet in this browser: no browser-wallet button.
    await expect(page.getByRole("button", { name: "Pay with browser wallet" })).toHaveCount(0);
    // A buyer typing the transfer by hand copies the exact amount and the address.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await option.getByRole("button", { name: "Copy address" }).click();
    await expect(option.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(deposit);
    await option.getByRole("button", { name: "Copy amount" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe("10.5");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      checkoutViewport.width,
    );
    await page.screenshot(shot("live-option"));
    expect(violations).toEqual([]);
  });

  test("with two options, opening one closes the other and fixes the buyer's choice on the payment", async ({
    page,
    apiAs,
    fixtures,
  }) => {
    const { live, merchant, payment, path } = await newLivePayment(apiAs, fixtures.accounts.a.keys.live);
    const usdtBase = "eip155:8453/erc20:0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2";
    const added = await live.post(
      `/v1/merchants/${merchant.id}/settlements/crypto`,
      { settlements: [{ asset: usdtBase, destination: `eip155:8453:${sampleAddress}` }] },
      { idempotencyKey: freshKey("usdt") },
    );
    expect(added.status).toBe(201);
    const settlements = (await live.get(`/v1/merchants/${merchant.id}/settlements`)).body.crypto as {
      id: string;
      asset: string;
    }[];
    const idOf = (asset: string) => settlements.find((s) => s.asset === asset)!.id;

    const chosen: string[] = [];
    page.on("response", async (response) => {
      if (response.url().endsWith(`/pay/${payment.id}/option`) && response.ok())
        chosen.push((await response.json()).settlementId);
    });
    await page.goto(path);
    const options = page.getByTestId("payment-option");
    await expect(options).toHaveCount(2);
    await expect(openOption(page)).toHaveAttribute("data-asset", usdcBase);
    await expect.poll(() => chosen.at(-1)).toBe(idOf(usdcBase));

    await options.nth(1).locator("summary").click();
    await expect(openOption(page)).toHaveCount(1);
    await expect(openOption(page)).toHaveAttribute("data-asset", usdtBase);
    // Both tokens are on one chain, so both are paid to the payment's one deposit address there.
    const deposit = await openOption(page).getByTestId("deposit-address").textContent();
    await expect(page.getByRole("link", { name: "Open in wallet" }).last()).toHaveAttribute(
      "href",
      `ethereum:${usdtBase.split(":").pop()}@8453/transfer?address=${deposit}&uint256=10500000`,
    );
    await expect.poll(() => chosen.at(-1)).toBe(idOf(usdtBase));
    await page.screenshot(shot("live-two-options"));

    const choose = (settlementId: string) =>
      page.request.post(`${path}/option`, { data: { settlementId }, headers: { Origin: baseURL } });
    expect((await choose("crypto_000000000000000000000000")).status()).toBe(400);
    // Another site's page cannot choose for the buyer (a browser always sends its Origin with a POST).
    for (const headers of [{ Origin: "https://shop.attacker.example" }, {}] as Record<string, string>[]) {
      const foreign = await page.request.post(`${path}/option`, {
        data: { settlementId: idOf(usdcBase) },
        headers,
      });
      expect(foreign.status()).toBe(403);
      expect((await foreign.json()).code).toBe("forbidden");
    }
    await live.post(`/v1/payments/${payment.id}/cancel`, undefined, { idempotencyKey: freshKey("cancel") });
    const afterFinal = await choose(idOf(usdcBase));
    expect(afterFinal.status()).toBe(400);
    expect((await afterFinal.json()).code).toBe("invalid_state");
  });

  test("Pay with browser wallet sends the transfer through EIP-1193 and records its hash without marking the payment paid", async ({
    page,
    apiAs,
    fixtures,
    api,
  }) => {
    const { live, merchant, payment, path } = await newLivePayment(apiAs, fixtures.accounts.a.keys.live);
    // An injected wallet on Ethereum mainnet that approves everything it is asked.
    await page.addInitScript(
      ({ hash, account }) => {
        const calls: { method: string; params?: unknown[] }[] = [];
        Object.assign(window, {
          __walletCalls: calls,
          ethereum: {
            async request(call: { method: string; params?: unknown[] }) {
              calls.push(call);
              return {
                eth_requestAccounts: [account],
                eth_chainId: "0x1",
                wallet_switchEthereumChain: null,
                eth_sendTransaction: hash,
              }[call.method];
            },
          },
        });
      },
      { hash: txHash, account: buyer },
    );
    await page.goto(path);
    await page.getByRole("button", { name: "Pay with browser wallet" }).click();
    await expect(page.getByTestId("wallet-submitted")).toContainText(txHash);
    await page.screenshot(shot("live-wallet-submitted"));

    const calls = await page.evaluate(
      () => (window as unknown as { __walletCalls: unknown[] }).__walletCalls,
    );
    expect(calls).toEqual([
      { method: "eth_requestAccounts" },
      { method: "eth_chainId" },
      { method: "wallet_switchEthereumChain", params: [{ chainId: "0x2105" }] },
      {
        method: "eth_sendTransaction",
        params: [
          {
            from: buyer,
            to: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
            value: "0x0",
            data: `0xa9059cbb${sampleAddress.slice(2).toLowerCase().padStart(64, "0")}${(10_500_000).toString(16).padStart(64, "0")}`,
          },
        ],
      },
    ]);
    // Recorded for verification, not trusted: the payment is still unpaid.
    expect((await apiStatus(live, payment.id, merchant.id)).status).toBe("requires_action");
    await expect(page.getByTestId("payment-status")).toHaveAttribute("data-status", "requires_action");

    // The route itself: the same hash again is accepted once; junk, a stranger's option and test payments are refused.
    const settlements = await live.get(`/v1/merchants/${merchant.id}/settlements`);
    const settlementId = settlements.body.crypto[0].id as string;
    const submit = (target: string, body: unknown) =>
      page.request.post(`${target}/transactions`, { data: body, headers: { Origin: baseURL } });
    expect((await submit(path, { settlementId, txHash })).status()).toBe(200);
    expect((await submit(path, { settlementId, txHash: "0x1234" })).status()).toBe(400);
    expect((await submit(path, { settlementId: "crypto_000000000000000000000000", txHash })).status()).toBe(
      400,
    );
    const testPayment = await newCheckoutPayment(api);
    const refusedInTest = await submit(testPayment.path, { settlementId, txHash });
    expect(refusedInTest.status()).toBe(403);
    expect((await refusedInTest.json()).code).toBe("forbidden");
    await live.post(`/v1/payments/${payment.id}/cancel`, undefined, { idempotencyKey: freshKey("cancel") });
    const afterFinal = await submit(path, { settlementId, txHash: `0x${"cd".repeat(32)}` });
    expect(afterFinal.status()).toBe(400);
    expect((await afterFinal.json()).code).toBe("invalid_state");
  });

  test("a wallet that declines shows why, and nothing is recorded", async ({ page, apiAs, fixtures }) => {
    const { path } = await newLivePayment(apiAs, fixtures.accounts.a.keys.live);
    await page.addInitScript(() => {
      Object.assign(window, {
        ethereum: {
          async request(call: { method: string }) {
            if (call.method === "eth_requestAccounts")
              throw Object.assign(new Error("User rejected the request."), { code: 4001 });
            return null;
          },
        },
      });
    });
    let submitted = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/wallet/confirm")) submitted++;
    });
    await page.goto(path);
    await page.getByRole("button", { name: "Pay with browser wallet" }).click();
    await expect(page.locator("p[role=alert]")).toHaveText("You declined the request in your wallet.");
    await expect(page.getByRole("button", { name: "Pay with browser wallet" })).toBeEnabled();
    expect(submitted).toBe(0);
    await page.screenshot(shot("live-wallet-declined"));
  });

  test("a live merchant with no settlement for the currency says so instead of showing options", async ({
    page,
    apiAs,
    fixtures,
  }) => {
    const live = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const merchant = await createMerchant(live, { name: "No Wallet Yet" });
    const created = await live.post(
      "/v1/payments",
      { referenceId: "r-1", amount: { unit: "iso4217/USD", value: "500" } },
      { merchantId: merchant.id },
    );
    await page.goto(new URL(created.body.gatewayUrl).pathname);
    await expect(page.getByText("No Wallet Yet cannot take payment for this amount yet.")).toBeVisible();
    await expect(page.getByTestId("payment-option")).toHaveCount(0);
  });
});

/** The payment option open now. */
function openOption(page: Page) {
  return page.locator('[data-testid="payment-option"][open]');
}
