import type { Page, Request } from "@playwright/test";
import { expect, type ApiClient } from "./api";
import { createMerchant } from "./merchants";

export const checkoutViewport = { width: 390, height: 844 };

/** A merchant with a USDC-on-Base settlement and a $10.50 payment for it, made through the API. */
export async function newCheckoutPayment(
  api: ApiClient,
  options: {
    name?: string;
    expiresAt?: string;
    checkout?: { successUrl: string; errorUrl: string };
    allowedReturnOrigins?: string[];
  } = {},
) {
  const merchant = await createMerchant(api, {
    withUsdc: true,
    name: options.name ?? "Corner Coffee",
    allowedReturnOrigins: options.allowedReturnOrigins,
  });
  const created = await api.post(
    "/v1/payments",
    {
      referenceId: `order-${Date.now()}`,
      amount: { unit: "iso4217/USD", value: "1050" },
      ...(options.expiresAt ? { expiresAt: options.expiresAt } : {}),
      ...(options.checkout ? { checkout: options.checkout } : {}),
    },
    { merchantId: merchant.id },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const payment = created.body as { id: string; gatewayUrl: string; referenceId: string };
  return { merchant, payment, path: new URL(payment.gatewayUrl).pathname };
}

/** The payment's status as the merchant sees it through the API. */
export async function apiStatus(api: ApiClient, paymentId: string, merchantId: string) {
  const res = await api.get(`/v1/payments/${paymentId}/status`, { merchantId });
  expect(res.status).toBe(200);
  return res.body as { status: string; isFinal: boolean; info: { txId: string } | null };
}

/**
 * Before any page script runs, installs bridge objects like a native app's web view would
 * (`NativeWebView`, and `ReactNativeWebView` when asked), each recording what it is posted.
 */
export async function installBridge(page: Page, options: { reactNative?: boolean } = {}) {
  await page.addInitScript((reactNative) => {
    const record = (name: string) => ({
      postMessage(message: unknown) {
        const w = window as unknown as { __bridge: { to: string; message: unknown }[] };
        (w.__bridge ??= []).push({ to: name, message });
      },
    });
    Object.assign(
      window,
      { __bridge: [], NativeWebView: record("NativeWebView") },
      reactNative ? { ReactNativeWebView: record("ReactNativeWebView") } : {},
    );
  }, options.reactNative ?? false);
}

export async function bridgeMessages(page: Page): Promise<{ to: string; message: unknown }[]> {
  return page.evaluate(
    () => (window as unknown as { __bridge: { to: string; message: unknown }[] }).__bridge,
  );
}

/** Collects Content-Security-Policy violations the page reports. */
export function watchCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect)/i.test(message.text()))
      violations.push(message.text());
  });
  return violations;
}

export const successMessage = JSON.stringify({
  type: "PAY_SUCCESS",
  success: true,
  message: "The payment succeeded.",
});
export const failureMessage = (error: string) =>
  JSON.stringify({ type: "PAY_FAILURE", success: false, error });

/**
 * Gives the page a clock the test moves (call before it loads) and follows its status requests.
 * `pass(ms)` lets that much of the page's time go by at once: its due timers fire (a status poll,
 * the countdown), then every status request it made is answered and handled. A test that asserts
 * nothing more happened afterwards needs no real wait.
 */
export async function controlPageTime(page: Page) {
  await page.clock.install();
  const open = new Set<Request>();
  page.on("request", (request) => {
    if (/\/pay\/[^/]+\/status\?/.test(request.url())) open.add(request);
  });
  page.on("requestfinished", (request) => open.delete(request));
  page.on("requestfailed", (request) => open.delete(request));
  return {
    async pass(ms: number) {
      await page.clock.runFor(ms);
      await expect.poll(() => open.size).toBe(0);
      // A finished response is handled in the page's next tasks: let them run.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    },
  };
}
