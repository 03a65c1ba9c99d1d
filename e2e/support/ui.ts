import { expect, type Browser, type Cookie, type Page } from "@playwright/test";
import { readFixtures, type RoleName } from "./fixtures-data";
import { baseURL } from "./settings";
import { hydrated } from "./hydration";
import { signInViaApi } from "./sign-in";
import { linkIn, type Mailbox } from "./smtp";
import { createConfirmedOwner } from "./test-control";

/** Signs the page's browser context in as a fixture user (through the same endpoint the form uses). */
export async function signInAs(page: Page, role: RoleName, account: "a" | "b" = "a") {
  const user = readFixtures().accounts[account].users[role];
  const session = await signInViaApi(page.request, baseURL, user.email, user.password);
  if (!session) throw new Error(`could not sign in as ${role} of account ${account}`);
  return user;
}

export async function signInAsDemoOwner(page: Page) {
  const { demoOwner } = readFixtures();
  await signInViaApi(page.request, baseURL, demoOwner.email, demoOwner.password);
  return demoOwner;
}

export type SignUpValues = { accountName: string; name: string; email: string; password: string };

/** Fills and submits the sign-up form (the caller checks where it lands). */
export async function signUp(page: Page, values: SignUpValues) {
  await page.goto("/sign-up");
  await page.getByLabel("Business name").fill(values.accountName);
  await page.getByLabel("Your name").fill(values.name);
  await page.getByLabel("Email").fill(values.email);
  await page.getByLabel("Password").fill(values.password);
  await page.getByRole("button", { name: "Create account" }).click();
}

export const verifySubject = /^Confirm your email address for Tollgate$/;

/**
 * A new account's owner with a confirmed email, signed in on the dashboard: what signing up and
 * following the mailed link leave, made straight in the database for tests whose subject is not
 * sign-up (which sign-up.spec.ts tests through the browser).
 */
export async function confirmedOwnerSignedIn(page: Page, values: SignUpValues) {
  await createConfirmedOwner(values);
  if (!(await signInViaApi(page.request, baseURL, values.email, values.password)))
    throw new Error(`could not sign in as ${values.email}`);
  await page.goto("/test");
  await expect(page).toHaveURL(/\/test$/);
}

export const joinSubject = (accountName: string) => new RegExp(`^Finish joining ${accountName} on Tollgate$`);

/**
 * Joins a team through an invite link: the form answers "check your email", and the login is made
 * once the link mailed to the invited address is followed with the same password; signed in, the
 * page lands on the dashboard.
 */
export async function joinByInvitation(
  page: Page,
  link: string,
  values: { email: string; name: string; password: string; accountName: string },
  mailbox: Mailbox,
) {
  const earlier = new Set(mailbox.received);
  await page.goto(link);
  await page.getByLabel("Your name").fill(values.name);
  await page.getByLabel("Choose a password").fill(values.password);
  await (await hydrated(page.getByRole("button", { name: "Join the team" }))).click();
  await expect(page.getByTestId("join-sent")).toContainText(`We sent a message to ${values.email}`);
  const mail = await mailbox.waitFor(values.email, joinSubject(values.accountName), {
    where: (m) => !earlier.has(m),
  });
  await page.goto(linkIn(mail, `${baseURL}/join/`));
  await page.getByLabel("The password you chose").fill(values.password);
  await (await hydrated(page.getByRole("button", { name: `Join ${values.accountName}` }))).click();
  await expect(page).toHaveURL(/\/test$/);
}

/** Opens the dashboard in a fresh browser holding only `cookies` (as if copied off a machine) and expects to be sent to sign-in. */
export async function expectCookiesSignedOut(browser: Browser, cookies: Cookie[]) {
  const context = await browser.newContext();
  await context.addCookies(cookies);
  const page = await context.newPage();
  await page.goto("/test");
  await expect(page).toHaveURL(/\/sign-in/);
  await context.close();
}
