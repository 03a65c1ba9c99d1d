import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { hydrated } from "./hydration";
import { passReauthIfAsked } from "./reauth";

/** The code an authenticator app would show now for `secret` (the same library the server checks with). */
export function totpCode(secret: string, offsetSteps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });
}

/** Sets up two-factor sign-in on Settings → Security for the signed-in page (confirming it is them with `password` if asked); returns the secret and the recovery codes. */
export async function setUpTwoFactor(
  page: Page,
  password: string,
  mode = "test",
): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.goto(`/${mode}/settings/security`);
  await (await hydrated(page.getByRole("button", { name: "Set up two-factor sign-in" }))).click();
  await passReauthIfAsked(page, password, page.getByTestId("totp-secret"));
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("Code from the app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  const list = page.getByRole("list", { name: "Recovery codes" });
  await expect(list).toBeVisible();
  const recoveryCodes = (await list.getByRole("listitem").allTextContents()).map((code) => code.trim());
  expect(recoveryCodes).toHaveLength(10);
  return { secret, recoveryCodes };
}

/** Posts to next-auth's credentials endpoint as the form does; returns the sign-in error, or null when signed in. */
export async function postCredentials(
  request: APIRequestContext,
  baseURL: string,
  credentials: { email: string; password: string; code?: string; passkey?: string },
): Promise<string | null> {
  const { csrfToken } = (await (await request.get(`${baseURL}/api/auth/csrf`)).json()) as {
    csrfToken: string;
  };
  const response = await request.post(`${baseURL}/api/auth/callback/credentials`, {
    form: { csrfToken, ...credentials, json: "true" },
    maxRedirects: 0,
  });
  const target =
    response.headers()["location"] ??
    ((await response.json().catch(() => ({}))) as { url?: string }).url ??
    "";
  return new URL(target, baseURL).searchParams.get("error");
}
