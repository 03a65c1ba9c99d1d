import fs from "node:fs";
import path from "node:path";
import { expect, freshKey, test } from "../support/api";
import { createMerchant } from "../support/merchants";
import { baseURL, repoRoot } from "../support/settings";
import { signInViaApi } from "../support/sign-in";
import { signInAs } from "../support/ui";

// The browser-facing side: security headers on every page and route of the build (the CSP nonce
// and a script-free sign-in are in e2e/ui/security-headers.spec.ts; cookie flags and the login
// limit in e2e/ui/sign-up.spec.ts), no open redirect, and markup in merchant names and reference
// ids shown as text wherever it appears.

const xssName = `<img src=x onerror="window.__xss='name'">Shop`;
const xssReference = `<script>window.__xss='ref'</script><b>ref</b>`;

test("every page and route of the build carries the security headers; HSTS only in production over https", async ({
  apiAs,
  fixtures,
  playwright,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.test });
  const merchant = await createMerchant(api, { withUsdc: true });
  const payment = (
    await api.post(
      "/v1/payments",
      { referenceId: "headers", amount: { unit: "iso4217/USD", value: "100" } },
      { merchantId: merchant.id },
    )
  ).body;
  const ids: Record<string, string> = {
    mode: "test",
    merchantId: merchant.id,
    paymentId: payment.id,
    endpointId: "no-such-endpoint",
    token: "no-such-invitation",
    "...nextauth": "session",
    "...path": "nowhere",
    "...route": "option",
    file: "checkout.0000000000000000.js",
    linkId: "plink_none",
    requestId: "req_none",
    eventId: "evt_none",
  };
  const manifest = JSON.parse(
    fs.readFileSync(
      path.join(repoRoot, process.env.NEXT_DIST_DIR || ".next", "server", "app-paths-manifest.json"),
      "utf8",
    ),
  ) as Record<string, string>;
  const urls = Object.keys(manifest)
    .filter((p) => !p.startsWith("/_") && !p.startsWith("/v1/"))
    .map(
      (p) =>
        p
          .replace(/\/\([^)]+\)/g, "")
          .replace(/\/(page|route)$/, "")
          .replace(
            /\[([.\w]+)\]/g,
            (_, segment: string) =>
              ids[segment] ?? expect(segment, "teach this test the route segment").toBe("known")!,
          ) || "/",
    );
  // Served outside Next's manifest or not pages at all, but still answered by this server.
  const all = [
    ...new Set([...urls, `/pay/${payment.id}`, "/v1/merchants", "/v1/openapi.json", "/no-such-page"]),
  ];
  expect(all.length).toBeGreaterThanOrEqual(15);

  const request = await playwright.request.newContext({ baseURL });
  await signInViaApi(
    request,
    baseURL,
    fixtures.accounts.a.users.owner.email,
    fixtures.accounts.a.users.owner.password,
  );
  const missing: string[] = [];
  for (const url of all) {
    for (const proto of ["http", "https"]) {
      const response = await request.get(url, {
        headers: proto === "https" ? { "X-Forwarded-Proto": "https" } : {},
        maxRedirects: 0,
        failOnStatusCode: false,
      });
      const h = response.headers();
      const expected: Record<string, boolean> = {
        "CSP with frame-ancestors 'none'": /frame-ancestors 'none'/.test(h["content-security-policy"] ?? ""),
        "CSP without unsafe-inline scripts": !/script-src[^;]*'unsafe-inline'/.test(
          h["content-security-policy"] ?? "",
        ),
        // JSON API answers load nothing at all.
        ...(url === "/v1/merchants"
          ? { "API CSP default-src 'none'": /default-src 'none'/.test(h["content-security-policy"] ?? "") }
          : {}),
        nosniff: h["x-content-type-options"] === "nosniff",
        "referrer policy": h["referrer-policy"] === "strict-origin-when-cross-origin",
        "X-Frame-Options DENY": h["x-frame-options"] === "DENY",
        [proto === "https" ? "HSTS over https" : "no HSTS over http"]:
          proto === "https"
            ? /max-age=\d{7,}/.test(h["strict-transport-security"] ?? "")
            : h["strict-transport-security"] === undefined,
      };
      for (const [what, ok] of Object.entries(expected))
        if (!ok) missing.push(`${url} (${proto}, ${response.status()}): ${what}`);
    }
  }
  await request.dispose();
  console.log(`[security] headers checked on ${all.length} pages and routes, over http and https`);
  expect(missing).toEqual([]);
});

test("sign-in never redirects off the site, whatever callbackUrl says", async ({
  fixtures,
  page,
  playwright,
}) => {
  const user = fixtures.accounts.a.users.viewer;
  const evil = [
    "https://evil.example/steal",
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "https:evil.example",
    "%2F%2Fevil.example",
  ];
  for (const callbackUrl of evil) {
    // next-auth's own endpoint (what the form posts to) answers with where to go next.
    const request = await playwright.request.newContext({ baseURL });
    const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
    const response = await request.post("/api/auth/callback/credentials", {
      form: { csrfToken, email: user.email, password: user.password, callbackUrl, json: "true" },
      maxRedirects: 0,
      failOnStatusCode: false,
    });
    const target = response.headers()["location"] ?? (await response.json().catch(() => ({}))).url ?? "";
    expect(new URL(target, baseURL).origin, `callbackUrl ${callbackUrl} → ${target}`).toBe(
      new URL(baseURL).origin,
    );
    await request.dispose();
  }
  // The sign-in page itself, through the browser.
  await page.goto(`/sign-in?callbackUrl=${encodeURIComponent("https://evil.example/steal")}`);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/test`));
});

test("markup in a merchant name and a reference id is shown as text in the dashboard, the checkout and the CSV export", async ({
  apiAs,
  fixtures,
  page,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.test });
  const merchant = await createMerchant(api, { withUsdc: true, name: xssName });
  const payment = (
    await api.post(
      "/v1/payments",
      { referenceId: xssReference, amount: { unit: "iso4217/USD", value: "250" } },
      { merchantId: merchant.id, idempotencyKey: freshKey() },
    )
  ).body;
  const formula = (
    await api.post(
      "/v1/payments",
      {
        referenceId: `=HYPERLINK("https://evil.example","${xssReference}")`,
        amount: { unit: "iso4217/USD", value: "251" },
      },
      { merchantId: merchant.id },
    )
  ).body;
  expect(formula.id).toBeTruthy();
  await signInAs(page, "owner", "a");
  const dialogs: string[] = [];
  page.on("dialog", (d) => void d.dismiss().then(() => dialogs.push(d.message())));

  const pages: [string, string][] = [
    [`/test/merchants`, xssName],
    [`/test/merchants/${merchant.id}`, xssName],
    [`/test/payments`, xssReference],
    [`/test/payments/${payment.id}`, xssReference],
    [`/pay/${payment.id}`, xssName],
  ];
  for (const [url, text] of pages) {
    await page.goto(url);
    await expect(
      page.getByText(text, { exact: false }).filter({ visible: true }).first(),
      `${url} shows the markup as text`,
    ).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { __xss?: string }).__xss),
      `${url} ran no injected script`,
    ).toBeUndefined();
    expect(
      await page.locator("img[src='x'], b:text-is('ref')").count(),
      `${url} made no element of the markup`,
    ).toBe(0);
  }
  await page.screenshot({ path: test.info().outputPath("payment-with-markup.png"), fullPage: true });
  expect(dialogs).toEqual([]);

  const csv = await page.request.get(`/test/payments/export`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(csv.headers()["content-disposition"]).toContain("attachment");
  const body = await csv.text();
  // The markup is plain data (a CSV is never rendered as HTML); a cell that would start a formula is prefixed with '.
  expect(body).toContain(xssReference);
  expect(body).toContain(`"'=HYPERLINK(`);
  expect(body).not.toMatch(/(^|,)"?=HYPERLINK/m);
});
