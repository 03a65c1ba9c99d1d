import { expect, test } from "@playwright/test";
import { readFixtures } from "../support/fixtures-data";
import { hydrated } from "../support/hydration";

test("pages carry a nonce-based CSP and security headers, and run with no CSP violation", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text()))
      violations.push(message.text());
  });
  const response = await page.goto("/sign-in");
  const headers = response!.headers();
  expect(headers["content-security-policy"]).toMatch(
    /script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/,
  );
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-powered-by"]).toBeUndefined();

  const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"]!)![1];
  const scriptNonces = await page
    .locator("script")
    .evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).nonce));
  expect(scriptNonces.length).toBeGreaterThan(0);
  expect(scriptNonces.every((n) => n === nonce)).toBe(true);

  // The form only works if its scripts ran.
  const { demoOwner } = readFixtures();
  await page.getByLabel("Email").fill(demoOwner.email);
  await page.getByLabel("Password").fill(demoOwner.password);
  await (await hydrated(page.getByRole("button", { name: "Sign in" }))).click();
  await expect(page).toHaveURL(/\/test$/);
  expect(violations).toEqual([]);
  const second = await page.request.get("/sign-in");
  expect(second.headers()["content-security-policy"]).not.toBe(headers["content-security-policy"]);
});
