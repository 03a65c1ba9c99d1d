import { decideNavigation, type NavigationDecision } from "@/lib/core/bridge";
import { expect, test } from "../support/api";
import {
  bridgeMessages,
  checkoutViewport,
  installBridge,
  newCheckoutPayment,
  successMessage,
} from "../support/checkout";
import { baseURL } from "../support/settings";
import { signInAs } from "../support/ui";

// A stand-in for a native app's web view: every link click is handed to the app's navigation
// policy (lib/core/bridge's decideNavigation, as `onShouldStartLoadWithRequest`, `decidePolicyFor` or
// `shouldOverrideUrlLoading` would), and only an "allow" is loaded; "forward-to-os" is recorded as
// handed to the operating system.

test.use({ viewport: checkoutViewport });

const pairing =
  "wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303";
const walletPage = "https://wallet-picker.example/";
const walletLinks: Record<string, string> = {
  "MetaMask (universal link)": `https://metamask.app.link/wc?uri=${encodeURIComponent(pairing)}`,
  "MetaMask (app scheme)": `metamask://wc?uri=${encodeURIComponent(pairing)}`,
  "Call support": "tel:+15555550100",
  "Text support": "sms:+15555550100",
  "Android intent": "intent://scan/#Intent;scheme=zxing;package=com.google.zxing.client.android;end",
  "Plain http": "http://shop.example/help",
  "Help (https)": "https://shop.example/help",
};

async function installWebViewPolicy(page: import("@playwright/test").Page) {
  const decisions: { url: string; decision: NavigationDecision }[] = [];
  await page.exposeFunction("__decideNavigation", (url: string) => {
    const decision = decideNavigation(url);
    decisions.push({ url, decision });
    return decision;
  });
  await page.addInitScript(() => {
    document.addEventListener(
      "click",
      (event) => {
        const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
        if (!(link instanceof HTMLAnchorElement)) return;
        event.preventDefault();
        const url = link.href;
        const decide = (window as unknown as { __decideNavigation: (url: string) => Promise<string> })
          .__decideNavigation;
        void decide(url).then((decision) => {
          if (decision === "allow") window.location.href = url;
        });
      },
      true,
    );
  });
  return decisions;
}

test("a web view applying lib/core/bridge forwards wc: deeplinks to the OS, loads https, and blocks tel:, sms:, intent: and http:", async ({
  page,
}) => {
  const decisions = await installWebViewPolicy(page);
  await page.route(walletPage, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><meta name="viewport" content="width=device-width"><h1>Pick a wallet</h1><ul>${Object.entries(
        walletLinks,
      )
        .map(
          ([label, href]) =>
            `<li><a href="${href.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}">${label}</a></li>`,
        )
        .join("")}</ul>`,
    }),
  );
  await page.route("https://shop.example/help", (route) =>
    route.fulfill({ contentType: "text/html", body: "<h1>Help centre</h1>" }),
  );
  await page.goto(walletPage);
  await page.screenshot({ path: test.info().outputPath("webview-wallet-links.png") });

  const expected: [string, NavigationDecision][] = [
    ["MetaMask (universal link)", "forward-to-os"],
    ["MetaMask (app scheme)", "forward-to-os"],
    ["Call support", "block"],
    ["Text support", "block"],
    ["Android intent", "block"],
    ["Plain http", "block"],
  ];
  for (const [label, decision] of expected) {
    await page.getByRole("link", { name: label }).click();
    await expect.poll(() => decisions.at(-1), label).toEqual({ url: walletLinks[label], decision });
    // Neither forwarded nor blocked links load in the web view.
    expect(page.url(), label).toBe(walletPage);
  }

  await page.getByRole("link", { name: "Help (https)" }).click();
  await expect(page.getByRole("heading", { name: "Help centre" })).toBeVisible();
  expect(page.url()).toBe("https://shop.example/help");
  expect(decisions.at(-1)).toEqual({ url: "https://shop.example/help", decision: "allow" });
});

test("inside the web view, the checkout's own custom-scheme links are blocked and its outcome reaches the app", async ({
  page,
  api,
  apiAs,
  fixtures,
}) => {
  const decisions = await installWebViewPolicy(page);
  await installBridge(page);

  // Live: "Open in wallet" is an ethereum: link, which embedding rule 4 blocks.
  const live = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
  const livePayment = await newCheckoutPayment(live);
  await page.goto(livePayment.path);
  await page.getByRole("link", { name: "Open in wallet" }).click();
  await expect.poll(() => decisions.at(-1)?.decision).toBe("block");
  expect(decisions.at(-1)?.url).toMatch(
    /^ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453\/transfer\?/,
  );
  expect(new URL(page.url()).pathname).toBe(livePayment.path);

  // Test: after the outcome, "Return to app" (the app's own deep link) is blocked too; the bridge message is what the app acts on.
  const { path, payment } = await newCheckoutPayment(api, { allowedReturnOrigins: ["myapp://"] });
  const checkoutUrl = `${path}?returnUrl=${encodeURIComponent("myapp://orders/42")}&preferUniversalLinks=1`;
  await page.goto(checkoutUrl);
  // After posting to the bridge, the page tells the server, for the payment's history.
  const outcomeReport = () =>
    page.waitForResponse((response) => response.url() === `${baseURL}${path}/outcome`);
  const reported = outcomeReport();
  await page.getByRole("button", { name: "Simulate success" }).click();
  await page.getByRole("link", { name: "Return to app" }).click();
  await expect.poll(() => decisions.at(-1)).toEqual({ url: "myapp://orders/42", decision: "block" });
  expect(new URL(page.url()).pathname).toBe(path);
  expect(await bridgeMessages(page)).toEqual([{ to: "NativeWebView", message: successMessage }]);
  await page.screenshot({ path: test.info().outputPath("webview-checkout-succeeded.png"), fullPage: true });
  const first = await reported;
  expect(first.status()).toBe(200);
  const recorded = await first.json();
  expect(recorded).toMatchObject({ outcome: "succeeded", bridges: ["NativeWebView"] });

  // A reload posts the outcome to the app again, and reports it again: the history keeps one entry.
  const again = outcomeReport();
  await page.goto(checkoutUrl);
  expect(await (await again).json()).toEqual(recorded);

  // The owner sees it on the payment's page, in words, at desktop and phone widths.
  await signInAs(page, "owner");
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/test/payments/${payment.id}`);
  const history = page.getByRole("list", { name: "Payment history" }).locator(":scope > li");
  const sent = history.filter({ hasText: "Outcome sent to the app" });
  await expect(sent).toHaveCount(1);
  await expect(sent.getByTestId("timeline-title")).toHaveText(
    "Outcome sent to the app: succeeded (NativeWebView)",
  );
  await expect(sent).toContainText("Buyer (checkout)");
  // It comes after the payment succeeded, and is no webhook event.
  const titles = await history.getByTestId("timeline-title").allInnerTexts();
  expect(titles.indexOf("Outcome sent to the app: succeeded (NativeWebView)")).toBeGreaterThan(
    titles.indexOf("Payment succeeded"),
  );
  await page.screenshot({ path: test.info().outputPath("webview-outcome-history-1366.png"), fullPage: true });
  await page.setViewportSize(checkoutViewport);
  await expect(sent).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    checkoutViewport.width,
  );
  await page.screenshot({ path: test.info().outputPath("webview-outcome-history-390.png"), fullPage: true });
});

test("a checkout can only report the outcome its payment reached, from its own page, and it is recorded once", async ({
  api,
  request,
}) => {
  const { path, payment } = await newCheckoutPayment(api);
  const report = async (data: unknown, headers: Record<string, string> = { Origin: baseURL }) => {
    const res = await request.post(`${path}/outcome`, { data, headers });
    return { status: res.status(), body: await res.json() };
  };
  const succeeded = { outcome: "succeeded", bridges: ["NativeWebView"] };

  // Forged: the payment is still open, so no app can have been told it succeeded.
  expect(await report(succeeded)).toEqual({
    status: 409,
    body: {
      code: "outcome_mismatch",
      message: "The payment's status is requires_action, not succeeded.",
      details: { status: "requires_action", outcome: "succeeded" },
    },
  });
  // Another site's page, or no page at all, cannot report anything.
  expect(await report(succeeded, { Origin: "https://evil.example" })).toMatchObject({
    status: 403,
    body: { code: "forbidden" },
  });
  expect(await report(succeeded, {})).toMatchObject({ status: 403, body: { code: "forbidden" } });
  // Only the two bridges the page knows, each once.
  for (const bridges of [[], ["NativeWebView", "NativeWebView"], ["window.opener"]]) {
    expect((await report({ outcome: "succeeded", bridges })).body, JSON.stringify(bridges)).toMatchObject({
      code: "params_validation",
    });
  }

  expect((await api.post(`/v1/test/payments/${payment.id}/simulate`, { outcome: "succeeded" })).status).toBe(
    200,
  );
  expect(await report({ outcome: "failed", bridges: ["NativeWebView"] })).toMatchObject({
    status: 409,
    body: { code: "outcome_mismatch", details: { status: "succeeded", outcome: "failed" } },
  });

  // Posted at once from several tabs: every answer is the one entry recorded, with the bridges of whichever came first.
  const answers = await Promise.all(
    [succeeded, { outcome: "succeeded", bridges: ["ReactNativeWebView"] }, succeeded, succeeded].map((body) =>
      report(body),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
  expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
  expect(answers[0]!.body).toMatchObject({ outcome: "succeeded", recordedAt: expect.any(String) });
  // Not a webhook event: the events list holds only the spec's types.
  const events = await api.get("/v1/events?limit=200");
  expect(events.status).toBe(200);
  expect(
    (events.body.data as { type: string; data: { object: { id: string } } }[])
      .filter((e) => e.data.object.id === payment.id)
      .map((e) => e.type)
      .sort(),
  ).toEqual(["payment.created", "payment.succeeded"]);
});
