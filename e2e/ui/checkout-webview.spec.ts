import { decideNavigation, type NavigationDecision } from "../../lib/bridge";
import { expect, test } from "../support/api";
import { bridgeMessages, checkoutViewport, installBridge, newCheckoutPayment, successMessage } from "../support/checkout";

// A stand-in for a native app's web view: every link click is handed to the app's navigation
// policy (lib/bridge's decideNavigation, as `onShouldStartLoadWithRequest`, `decidePolicyFor` or
// `shouldOverrideUrlLoading` would), and only an "allow" is loaded; "forward-to-os" is recorded as
// handed to the operating system.

test.use({ viewport: checkoutViewport });

const pairing = "wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303";
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
        const decide = (window as unknown as { __decideNavigation: (url: string) => Promise<string> }).__decideNavigation;
        void decide(url).then((decision) => {
          if (decision === "allow") window.location.href = url;
        });
      },
      true,
    );
  });
  return decisions;
}

test("a web view applying lib/bridge forwards wc: deeplinks to the OS, loads https, and blocks tel:, sms:, intent: and http:", async ({ page }) => {
  const decisions = await installWebViewPolicy(page);
  await page.route(walletPage, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><meta name="viewport" content="width=device-width"><h1>Pick a wallet</h1><ul>${Object.entries(walletLinks)
        .map(([label, href]) => `<li><a href="${href.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}">${label}</a></li>`)
        .join("")}</ul>`,
    }),
  );
  await page.route("https://shop.example/help", (route) => route.fulfill({ contentType: "text/html", body: "<h1>Help centre</h1>" }));
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

test("inside the web view, the checkout's own custom-scheme links are blocked and its outcome reaches the app", async ({ page, api, apiAs, fixtures }) => {
  const decisions = await installWebViewPolicy(page);
  await installBridge(page);

  // Live: "Open in wallet" is an ethereum: link, which embedding rule 4 blocks.
  const live = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
  const livePayment = await newCheckoutPayment(live);
  await page.goto(livePayment.path);
  await page.getByRole("link", { name: "Open in wallet" }).click();
  await expect.poll(() => decisions.at(-1)?.decision).toBe("block");
  expect(decisions.at(-1)?.url).toMatch(/^ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453\/transfer\?/);
  expect(new URL(page.url()).pathname).toBe(livePayment.path);

  // Test: after the outcome, "Return to app" (the app's own deep link) is blocked too; the bridge message is what the app acts on.
  const { path } = await newCheckoutPayment(api, { allowedReturnOrigins: ["myapp://"] });
  await page.goto(`${path}?returnUrl=${encodeURIComponent("myapp://orders/42")}&preferUniversalLinks=1`);
  await page.getByRole("button", { name: "Simulate success" }).click();
  await page.getByRole("link", { name: "Return to app" }).click();
  await expect.poll(() => decisions.at(-1)).toEqual({ url: "myapp://orders/42", decision: "block" });
  expect(new URL(page.url()).pathname).toBe(path);
  expect(await bridgeMessages(page)).toEqual([{ to: "NativeWebView", message: successMessage }]);
  await page.screenshot({ path: test.info().outputPath("webview-checkout-succeeded.png"), fullPage: true });
});
