import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "../support/hydration";
import { baseURL } from "../support/settings";
import { linkIn, startMailbox, type Mailbox } from "../support/smtp";
import { confirmedOwnerSignedIn } from "../support/ui";

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const resetSubject = /^Reset your Tollgate password$/;

let mailbox: Mailbox;
test.beforeAll(async () => {
  mailbox = await startMailbox();
});
test.afterAll(async () => {
  await mailbox?.close();
});

/** A new login of its own (so changing its password disturbs no other test), signed out again. */
async function newLogin(page: Page, password: string) {
  const email = `reset.${unique()}@e2e.tollgate.test`;
  await confirmedOwnerSignedIn(page, { accountName: "Reset Co", name: "Rita Reset", email, password });
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  return email;
}

async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await (await hydrated(page.getByRole("button", { name: "Sign in" }))).click();
}

async function askForReset(page: Page, email: string): Promise<string> {
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(email);
  await (await hydrated(page.getByRole("button", { name: "Send reset link" }))).click();
  const status = page
    .getByRole("status")
    .filter({ hasText: "a link to choose a new password is on its way" });
  await expect(status).toBeVisible();
  return (await status.locator("p").first().textContent())!;
}

test("forgot password: the same answer for any email; the mailed link sets a new password once; the old password stops working", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const oldPassword = "the first passphrase";
  const newPassword = "a brand new passphrase";
  const email = await newLogin(page, oldPassword);

  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await (await hydrated(page.getByRole("button", { name: "Send reset link" }))).click();
  await expect(page.locator("#email-error")).toHaveText("Enter a valid email address.");
  await page.screenshot({ path: test.info().outputPath("forgot-password-error-390.png"), fullPage: true });

  // Someone without a login first, then the real one: the answers differ only by the address.
  const nobody = `nobody.${unique()}@e2e.tollgate.test`;
  const answerForNobody = await askForReset(page, nobody);
  const answer = await askForReset(page, email);
  expect(answerForNobody.replace(nobody, "EMAIL")).toBe(answer.replace(email, "EMAIL"));
  await page.screenshot({ path: test.info().outputPath("forgot-password-sent-390.png"), fullPage: true });

  const mail = await mailbox.waitFor(email, resetSubject);
  // The request for nobody was handled first (in order), and mailed no one.
  expect(mailbox.received.filter((m) => [m.to].flat().some((a) => a?.text.includes(nobody)))).toHaveLength(0);
  const link = linkIn(mail, `${baseURL}/reset-password/`);
  expect(mail.text).toContain("for 30 minutes");

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByLabel("New password").fill("password123");
  await (await hydrated(page.getByRole("button", { name: "Set new password" }))).click();
  await expect(page.locator("#password-error")).toContainText("one of the most common passwords");
  await page.screenshot({ path: test.info().outputPath("reset-password-error-390.png"), fullPage: true });
  await page.getByLabel("New password").fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByText("Your password was changed. Sign in with the new one.")).toBeVisible();

  await signInWithForm(page, email, oldPassword);
  await expect(page.getByText("That email and password do not match an account.")).toBeVisible();
  await signInWithForm(page, email, newPassword);
  await expect(page).toHaveURL(/\/test$/);
  // Following the reset link proved the address too.
  await expect(page.getByTestId("verify-email-banner")).toHaveCount(0);

  // The link works once.
  await page.goto(link);
  await expect(
    page.getByRole("alert").filter({ hasText: "This reset link does not work any more" }),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("reset-password-used-390.png"), fullPage: true });
});

test("reset requests are limited per email, with the same refusal whether or not it has a login", async ({
  page,
}) => {
  const nobody = `limited.${unique()}@e2e.tollgate.test`;
  for (let i = 0; i < 5; i++) await askForReset(page, nobody);
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(nobody);
  await (await hydrated(page.getByRole("button", { name: "Send reset link" }))).click();
  await expect(
    page.getByText(/^Too many reset requests for this email\. Try again in \d+ minutes?\.$/),
  ).toBeVisible();
});

test("password change in account settings: a wrong current password is an error beside its field; the new password then signs in", async ({
  page,
}) => {
  const oldPassword = "my current passphrase";
  const newPassword = "my changed passphrase";
  const email = await newLogin(page, oldPassword);
  await signInWithForm(page, email, oldPassword);
  await expect(page).toHaveURL(/\/test$/);

  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Account settings" })).toBeVisible();
  const submit = await hydrated(page.getByRole("button", { name: "Change password" }));
  await submit.click();
  await expect(page.locator("#password-error")).toHaveText("Enter your current password.");
  await expect(page.locator("#newPassword-error")).toHaveText("Use at least 10 characters.");

  await page.getByLabel("Current password").fill("not my passphrase");
  await page.getByLabel("New password").fill(newPassword);
  await submit.click();
  await expect(page.locator("#password-error")).toHaveText("That password is not correct.");
  await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
  await page.screenshot({
    path: test.info().outputPath("change-password-wrong-current.png"),
    fullPage: true,
  });

  await page.getByLabel("Current password").fill(oldPassword);
  await page.getByLabel("New password").fill(oldPassword);
  await submit.click();
  await expect(page.locator("#newPassword-error")).toHaveText(
    "Choose a password different from your current one.",
  );

  await page.getByLabel("New password").fill(newPassword);
  await submit.click();
  await expect(page.getByText("Your password was changed.")).toBeVisible();
  await expect(page.getByLabel("Current password")).toHaveValue("");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("account-settings-390.png"), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await signInWithForm(page, email, oldPassword);
  await expect(page.getByText("That email and password do not match an account.")).toBeVisible();
  await signInWithForm(page, email, newPassword);
  await expect(page).toHaveURL(/\/test$/);
});
