import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/api";
import { checkoutViewport, newCheckoutPayment } from "../support/checkout";

test.use({ viewport: checkoutViewport });

// The budget: at most 100 KB of gzipped JavaScript for the whole page, counting every
// script it loads and every inline script it runs (the JSON data block is not JavaScript).
const budgetBytes = 100 * 1000;

/** Every script the page runs, with its gzipped size (what a buyer on a phone downloads). */
async function scriptsOf(page: Page, path: string) {
  const loaded: Promise<{ url: string; gzipBytes: number }>[] = [];
  const listener = (response: import("@playwright/test").Response) => {
    if (response.request().resourceType() !== "script") return;
    loaded.push(
      response
        .body()
        .then((body) => ({ url: new URL(response.url()).pathname, gzipBytes: gzipSync(body).length })),
    );
  };
  page.on("response", listener);
  await page.goto(path, { waitUntil: "networkidle" });
  page.off("response", listener);
  const inline = await page
    .locator("script:not([src])")
    .evaluateAll((scripts) =>
      scripts.filter((s) => !/json/i.test((s as HTMLScriptElement).type)).map((s) => s.textContent ?? ""),
    );
  return [
    ...(await Promise.all(loaded)),
    ...inline.map((code, i) => ({ url: `inline script ${i + 1}`, gzipBytes: gzipSync(code).length })),
  ];
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

test("the checkout page runs at most 100 KB of gzipped JavaScript in test and live mode, and says how much", async ({
  page,
  api,
  apiAs,
  fixtures,
}) => {
  const testMode = await newCheckoutPayment(api);
  const liveMode = await newCheckoutPayment(apiAs({ "Api-Key": fixtures.accounts.a.keys.live }));
  for (const [label, path] of [
    ["test mode", testMode.path],
    ["live mode", liveMode.path],
  ] as const) {
    const scripts = await scriptsOf(page, path);
    const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
    console.log(
      [
        `checkout (${label}): ${scripts.length} script(s), ${kib(total)} gzipped:`,
        ...scripts.map((s) => `  ${kib(s.gzipBytes).padStart(10)}  ${s.url}`),
      ].join("\n"),
    );
    test.info().annotations.push({ type: `js gzip bytes, ${label}`, description: String(total) });
    // The measurement saw the page's own script, the one that makes it live.
    expect(
      scripts.filter((s) => s.url.startsWith("/pay/assets/")),
      label,
    ).toHaveLength(1);
    expect(total, `${label}: gzipped JavaScript`).toBeLessThanOrEqual(budgetBytes);
  }
});

test("the checkout script is served under its content hash, cached for good, and unknown names are 404", async ({
  page,
  api,
}) => {
  const { path } = await newCheckoutPayment(api);
  await page.goto(path);
  const src = await page.locator("script[src]").getAttribute("src");
  expect(src).toMatch(/^\/pay\/assets\/checkout\.[0-9a-f]{16}\.js$/);
  const script = await page.request.get(src!);
  expect(script.status()).toBe(200);
  expect(script.headers()["content-type"]).toBe("text/javascript; charset=utf-8");
  expect(script.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await page.request.get("/pay/assets/checkout.0000000000000000.js")).status()).toBe(404);
});
