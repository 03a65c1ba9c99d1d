import type { Browser, Page } from "@playwright/test";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, freshKey, test, type ApiClient } from "../support/api";
import { axeFindings, isSerious } from "../support/axe";
import { signTypedJson } from "../support/chain";
import { checkoutViewport, watchCspViolations } from "../support/checkout";
import { createMerchant } from "../support/merchants";
import { baseURL } from "../support/settings";
import { signInAs } from "../support/ui";

// Information capture as WalletConnect's wallet guides recommend it: the wallet opens the options'
// `collectData.url` in a web view, the buyer gives their details on Tollgate's hosted form, the page
// tells the wallet (IC_COMPLETE through its bridge) and the wallet confirms without `collectedData`.

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

const complete = JSON.stringify({ type: "IC_COMPLETE" });

/** A payment of a merchant that asks every buyer for their name, date of birth and country, and its options. */
async function paymentNeedingDetails(api: ApiClient) {
  const merchant = await createMerchant(api, { withUsdc: true, name: "Atlas Travel" });
  const patched = await api.patch(
    `/v1/merchants/${merchant.id}`,
    { collectData: { fields: ["fullName", "dob", "porCountry"] } },
    { idempotencyKey: freshKey() },
  );
  expect(patched.status).toBe(200);
  const payment = (
    await api.post(
      "/v1/payments",
      { referenceId: `ic-web-${Date.now()}`, amount: { unit: "iso4217/USD", value: "1050" } },
      { merchantId: merchant.id },
    )
  ).body as { id: string };
  const wallet = privateKeyToAccount(generatePrivateKey());
  const options = (
    await api.post(`/v1/gateway/payment/${payment.id}/options`, {
      accounts: [`eip155:8453:${wallet.address}`],
    })
  ).body;
  const url = new URL(options.collectData.url as string);
  expect(url.pathname).toBe(`/pay/${payment.id}/details`);
  expect(options.options[0].collectData.url).toBe(options.collectData.url);
  return { merchant, payment, wallet, options, path: url.pathname };
}

/**
 * A phone's web view as WalletConnect's guides set one up: each platform's bridge (React Native and
 * Flutter, iOS's message handler, Android's interface), recording what the page sends it.
 */
async function walletWebView(browser: Browser) {
  const context = await browser.newContext({ baseURL, viewport: checkoutViewport });
  await context.addInitScript(() => {
    const sent: { to: string; message: unknown }[] = [];
    const to = (name: string) => (message: unknown) => sent.push({ to: name, message });
    Object.assign(window, {
      __walletReceived: sent,
      ReactNativeWebView: { postMessage: to("ReactNativeWebView") },
      webkit: { messageHandlers: { payDataCollectionComplete: { postMessage: to("webkit") } } },
      AndroidWallet: { onDataCollectionComplete: to("AndroidWallet") },
    });
  });
  return context.newPage();
}

const walletReceived = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __walletReceived: { to: string; message: unknown }[] }).__walletReceived,
  );

async function expectAxeClean(page: Page) {
  expect((await axeFindings(page)).filter(isSerious)).toEqual([]);
}

test("a wallet opens collectData.url at 390 px: errors beside the fields, then the details are kept, IC_COMPLETE reaches the wallet, and confirm without collectedData succeeds", async ({
  api,
  browser,
}) => {
  const { payment, wallet, options, path } = await paymentNeedingDetails(api);
  const page = await walletWebView(browser);
  const csp = watchCspViolations(page);
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
  await expect(page.getByTestId("merchant-name")).toHaveText("Atlas Travel");
  await expectAxeClean(page);
  await shot(page, "details-form-390");

  // Submitted empty: each missing detail, and the consent, is named beside its input.
  await page.getByRole("button", { name: "Submit details" }).click();
  await expect(page.getByLabel("Full name")).toHaveAccessibleDescription(/Required\./);
  await expect(page.getByTestId("dob-error")).toHaveText("Required.");
  await expect(page.getByTestId("porCountry-error")).toHaveText("Required.");
  await expect(page.getByTestId("accept-error")).toHaveText(
    "Agree to share these details with the merchant to continue.",
  );
  await expectAxeClean(page);
  await shot(page, "details-errors-390");
  expect(await walletReceived(page)).toEqual([]);

  // A malformed country is named; what was typed stays.
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await page.getByLabel("Date of birth").fill("1815-12-10");
  await page.getByLabel("Country of residence").fill("gb");
  await page.getByRole("checkbox", { name: /I agree/ }).check();
  await page.getByRole("button", { name: "Submit details" }).click();
  await expect(page.getByTestId("porCountry-error")).toHaveText("A two-letter country code such as US.");
  await expect(page.getByLabel("Full name")).toHaveValue("Ada Lovelace");
  await expect(page.getByTestId("dob-error")).toHaveCount(0);

  await page.getByLabel("Country of residence").fill("GB");
  await page.getByRole("button", { name: "Submit details" }).click();
  await expect(page.getByTestId("details-received")).toHaveText(
    "Details received — return to your wallet to finish paying.",
  );
  expect(await walletReceived(page)).toEqual([
    { to: "ReactNativeWebView", message: complete },
    { to: "webkit", message: complete },
    { to: "AndroidWallet", message: complete },
  ]);
  await expectAxeClean(page);
  await shot(page, "details-received-390");
  expect(csp).toEqual([]);

  // The wallet confirms as the guides say: no collectedData. Options no longer ask for any.
  const again = (
    await api.post(`/v1/gateway/payment/${payment.id}/options`, {
      accounts: [`eip155:8453:${wallet.address}`],
    })
  ).body;
  expect(again.collectData).toBeNull();
  const action = options.options[0].actions[0];
  const confirmed = await api.post(`/v1/gateway/payment/${payment.id}/confirm`, {
    optionId: options.options[0].id,
    results: [{ type: "walletRpc", data: [await signTypedJson(wallet, action.data.params[1])] }],
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  expect(confirmed.body.status).toBe("succeeded");

  const owner = await (await browser.newContext({ baseURL })).newPage();
  await signInAs(owner, "owner");
  await owner.goto(`/test/payments/${payment.id}`);
  const details = owner.getByTestId("buyer-details");
  await expect(details).toContainText("Ada Lovelace");
  await expect(details).toContainText("1815-12-10");
  await expect(details).toContainText("GB");
  await shot(owner, "details-on-payment-page");
});

test("a wallet's ?prefill= fills the form; a post without the page's Origin is refused; a closed payment tells the wallet IC_ERROR", async ({
  api,
  browser,
  request,
}) => {
  const { payment, path } = await paymentNeedingDetails(api);
  const page = await walletWebView(browser);
  // As the React Native guide builds it: btoa of the JSON, appended unencoded (a `+` then reads as a space).
  const prefill = Buffer.from(
    JSON.stringify({ fullName: "Grace Hopper ~~>", dob: "1906-12-09", porCountry: "US", extra: 1 }),
  ).toString("base64");
  expect(prefill).toContain("+");
  await page.goto(`${path}?prefill=${prefill}`);
  await expect(page.getByLabel("Full name")).toHaveValue("Grace Hopper ~~>");
  await page.goto(
    `${path}?prefill=${Buffer.from(JSON.stringify({ fullName: "Grace Hopper", dob: "1906-12-09", porCountry: "US" })).toString("base64url")}`,
  );
  await expect(page.getByLabel("Full name")).toHaveValue("Grace Hopper");
  await expect(page.getByLabel("Date of birth")).toHaveValue("1906-12-09");
  await expect(page.getByLabel("Country of residence")).toHaveValue("US");
  await expect(page.getByRole("checkbox", { name: /I agree/ })).not.toBeChecked();
  await shot(page, "details-prefilled-390");

  const form = { fullName: "Mallory", dob: "1990-01-01", porCountry: "US", accept: "yes" };
  const forged = await request.post(path, { form, maxRedirects: 0 });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toContain("Submit your details from this page.");
  const stillAsked = await api.post(`/v1/gateway/payment/${payment.id}/options`, {
    accounts: [`eip155:8453:${privateKeyToAccount(generatePrivateKey()).address}`],
  });
  expect(stillAsked.body.collectData).not.toBeNull();

  // Cancelled, the payment takes no details: the page says so and the wallet hears IC_ERROR.
  expect((await api.post(`/v1/payments/${payment.id}/cancel`)).status).toBe(200);
  await page.reload();
  await expect(page.getByTestId("details-closed")).toBeVisible();
  expect(await walletReceived(page)).toEqual(
    ["ReactNativeWebView", "webkit", "AndroidWallet"].map((to) => ({
      to,
      message: JSON.stringify({
        type: "IC_ERROR",
        error: "This payment no longer takes details. Return to your wallet.",
      }),
    })),
  );
  const late = await request.post(path, { form, headers: { Origin: baseURL }, maxRedirects: 0 });
  expect(late.status()).toBe(400);
  expect(await late.text()).toContain("This payment no longer takes details.");
});
