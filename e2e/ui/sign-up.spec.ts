import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { readFixtures } from "../support/fixtures-data";
import { baseURL, extraPort, usesPostgres } from "../support/settings";
import { signInViaApi } from "../support/sign-in";
import { linkIn, startMailbox, type Mailbox } from "../support/smtp";
import { spawnServer } from "../support/spawn-server";
import { hydrated } from "../support/hydration";
import { confirmedOwnerSignedIn, signInAs, signUp, verifySubject } from "../support/ui";

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

let mailbox: Mailbox;
test.beforeAll(async () => {
  mailbox = await startMailbox();
});
test.afterAll(async () => {
  await mailbox?.close();
});

/** Submits the sign-in form and waits for the server's answer, so consecutive attempts never overlap. */
async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  const answered = page.waitForResponse((r) => r.url().includes("/api/auth/callback/credentials"));
  await (await hydrated(page.getByRole("button", { name: "Sign in" }))).click();
  await answered;
}

test("sign-up creates an account whose owner confirms the email, then signs in; sign-in and sign-up link to each other", async ({
  page,
}) => {
  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();

  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Enter your business or account name.")).toBeVisible();
  await expect(page.getByText("Enter your name.")).toBeVisible();
  await expect(page.getByText("Enter a valid email address.")).toBeVisible();
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Use at least 10 characters.")).toBeVisible();
  // Long enough is not enough when it is among the first guesses.
  for (const [weak, why] of [
    ["aaaaaaaaaa", "Use more different characters"],
    ["Password2024!", "one of the most common passwords"],
    ["1234567890", "Avoid runs of keys or digits"],
  ]) {
    await page.getByLabel("Password").fill(weak!);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.locator("#password-error")).toContainText(why!);
  }
  await page.screenshot({ path: test.info().outputPath("sign-up-errors.png") });

  const email = `founder.${unique()}@e2e.tollgate.test`;
  const password = "a long enough passphrase";
  await signUp(page, { accountName: "Harbor Books", name: "Hana Founder", email, password });
  await expect(page.getByTestId("sign-up-sent")).toContainText(
    `We sent a message to ${email}. Follow the link in it to confirm your address, then sign in.`,
  );
  await page.screenshot({ path: test.info().outputPath("sign-up-sent.png") });
  // Until the email is confirmed the password does not sign in (answered like a wrong one).
  expect(await signInViaApi(page.request, baseURL, email, password)).toBeNull();
  await page.goto(linkIn(await mailbox.waitFor(email, verifySubject), `${baseURL}/verify-email/`));
  await (await hydrated(page.getByRole("button", { name: "Confirm my email" }))).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL(/\/test$/);
  await expect(page.getByTestId("verify-email-banner")).toHaveCount(0);
  await expect(page.getByTestId("account-name")).toHaveText("Harbor Books");
  await expect(page.getByTestId("user-email")).toHaveText(email);
  await page.goto("/test/team");
  await expect(page.getByTestId(`member-${email}`).locator("td").nth(1)).toHaveText("owner");
  await expect(page.getByRole("row")).toHaveCount(2);

  // Signed in, the sign-up page sends you to the dashboard.
  await page.goto("/sign-up");
  await expect(page).toHaveURL(/\/test$/);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto("/sign-up");
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
});

test("signing up with an email that has a login answers exactly as a new sign-up, changes nothing, and mails that person instead", async ({
  page,
}) => {
  const taken = readFixtures().accounts.a.users.viewer;
  const fresh = `fresh.${unique()}@e2e.tollgate.test`;
  const probe = "a probing passphrase";
  const answer = async (email: string) => {
    await signUp(page, { accountName: "Probe Co", name: "Pat Probe", email, password: probe });
    const sent = page.getByTestId("sign-up-sent");
    await expect(sent).toBeVisible();
    return (await sent.innerText()).replace(email.toLowerCase(), "<email>");
  };
  const forNew = await answer(fresh);
  const forTaken = await answer(taken.email.toUpperCase());
  expect(forTaken).toBe(forNew);
  expect(forTaken).toContain("We sent a message to <email>.");
  await expect(page).toHaveURL(/\/sign-up$/);
  await page.screenshot({ path: test.info().outputPath("sign-up-taken.png") });

  // Neither probe signs in; the person with the login is told, and their password still works.
  expect(await signInViaApi(page.request, baseURL, fresh, probe)).toBeNull();
  expect(await signInViaApi(page.request, baseURL, taken.email, probe)).toBeNull();
  const told = await mailbox.waitFor(taken.email, /^Someone tried to sign up to Tollgate with your email$/);
  expect(told.text).toContain(`${baseURL}/forgot-password`);
  expect(told.text).toContain("no account was created and nothing changed");
  await mailbox.waitFor(fresh, verifySubject);
  expect(await signInViaApi(page.request, baseURL, taken.email, taken.password)).toMatchObject({
    email: taken.email,
  });
});

test("the sign-up page works at 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/sign-up");
  await expect(page.getByRole("button", { name: "Create account" })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("sign-up-390.png"), fullPage: true });
});

test("ten wrong passwords limit the email: the right password is then refused with the wait, other people are unaffected", async ({
  page,
  browser,
}) => {
  const email = `limited.${unique()}@e2e.tollgate.test`;
  const password = "the right passphrase";
  await confirmedOwnerSignedIn(page, { accountName: "Limited Co", name: "Lee Limited", email, password });
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  for (let attempt = 1; attempt <= 10; attempt++) {
    await signInWithForm(page, email, `wrong guess ${attempt}`);
    await expect(page.getByText("That email and password do not match an account.")).toHaveRole("alert");
  }
  await signInWithForm(page, email, password);
  const limited = page
    .getByRole("alert")
    .filter({ hasText: /^Too many attempts; try again in \d+ seconds\.$/ });
  await expect(limited).toBeVisible();
  // Ten attempts regained over fifteen minutes: the next one is at most 90 seconds away.
  const seconds = Number(/in (\d+) seconds/.exec((await limited.textContent())!)![1]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(90);
  await expect(page).toHaveURL(/\/sign-in/);
  await page.screenshot({ path: test.info().outputPath("sign-in-rate-limited.png") });
  const session = await (await page.request.get("/api/auth/session")).json();
  expect(session).toEqual({});

  // Someone else signing in from the same address is not held up.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const viewer = readFixtures().accounts.a.users.viewer;
  await otherPage.goto("/sign-in");
  await signInWithForm(otherPage, viewer.email, viewer.password);
  await expect(otherPage).toHaveURL(/\/test$/);
  await other.close();
});

test("the session cookie is httpOnly and SameSite=Lax, and not Secure over plain http", async ({
  page,
  context,
}) => {
  await signInAs(page, "viewer");
  const session = (await context.cookies()).find((c) => c.name === "next-auth.session-token");
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false, path: "/" });
  await page.goto("/test");
  expect(await page.evaluate(() => document.cookie)).not.toContain("session-token");
});

test("behind https (PUBLIC_BASE_URL https://…) the session cookie is also Secure", async ({ playwright }) => {
  const port = extraPort(1);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tollgate-https-"));
  const { demoOwner } = readFixtures();
  // On PostgreSQL the second server shares the test database, where the demo owner already exists.
  const env = {
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: `https://localhost:${port}`,
    SEED_OWNER_EMAIL: demoOwner.email,
    SEED_OWNER_PASSWORD: demoOwner.password,
    ...(usesPostgres ? {} : { DATABASE_URL: "" }),
  };
  const server = await spawnServer(env, port);
  const request = await playwright.request.newContext();
  try {
    // The server thinks it is behind https, so its cookies are Secure; send them back by hand over http.
    const csrf = await request.get(`${server.url}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const csrfCookie = csrf
      .headersArray()
      .find(
        (h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("__Host-next-auth.csrf-token="),
      )!;
    expect(csrfCookie.value).toMatch(/; Secure/i);
    const signIn = await request.post(`${server.url}/api/auth/callback/credentials`, {
      headers: { Cookie: csrfCookie.value.split(";")[0]! },
      form: { csrfToken, email: demoOwner.email, password: demoOwner.password, json: "true" },
      maxRedirects: 0,
    });
    const sessionCookie = signIn
      .headersArray()
      .find(
        (h) =>
          h.name.toLowerCase() === "set-cookie" && h.value.startsWith("__Secure-next-auth.session-token="),
      );
    expect(sessionCookie, server.output()).toBeDefined();
    const attributes = sessionCookie!.value.split(";").map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(["httponly", "secure", "samesite=lax", "path=/"]));
  } finally {
    await request.dispose();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("ten sign-ups an hour per address — the address a trusted proxy reports; the eleventh is refused with the wait, another address is not", async ({
  browser,
}) => {
  const port = extraPort(1);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tollgate-proxied-"));
  const { demoOwner } = readFixtures();
  // Behind one trusted proxy, the caller is the last X-Forwarded-For hop (here: what this test sends).
  const env = {
    DATA_DIR: dataDir,
    TRUSTED_PROXY_HOPS: "1",
    SEED_OWNER_EMAIL: demoOwner.email,
    SEED_OWNER_PASSWORD: demoOwner.password,
    ...(usesPostgres ? {} : { DATABASE_URL: "" }),
  };
  const server = await spawnServer(env, port);
  const address = () =>
    `2001:db8::${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
  const office = await browser.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { "X-Forwarded-For": `203.0.113.7, ${address()}` },
  });
  try {
    const page = await office.newPage();
    for (let i = 1; i <= 10; i++) {
      await signUp(page, {
        accountName: `Office ${i}`,
        name: "Olive Office",
        email: `office.${i}.${unique()}@e2e.tollgate.test`,
        password: "a long enough passphrase",
      });
      await expect(page.getByTestId("sign-up-sent")).toBeVisible();
    }
    await signUp(page, {
      accountName: "Office 11",
      name: "Olive Office",
      email: `office.11.${unique()}@e2e.tollgate.test`,
      password: "a long enough passphrase",
    });
    await expect(
      page.getByText(/^Too many new accounts from your network\. Try again in \d+ minutes?\.$/),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/sign-up$/);
    await page.screenshot({ path: test.info().outputPath("sign-up-limited.png") });

    // Another address behind the same proxy is not held up.
    const elsewhere = await browser.newContext({
      baseURL: server.url,
      extraHTTPHeaders: { "X-Forwarded-For": address() },
    });
    const other = await elsewhere.newPage();
    await signUp(other, {
      accountName: "Elsewhere",
      name: "Elle Where",
      email: `elsewhere.${unique()}@e2e.tollgate.test`,
      password: "a long enough passphrase",
    });
    await expect(other.getByTestId("sign-up-sent")).toBeVisible();
    await elsewhere.close();
  } finally {
    await office.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
