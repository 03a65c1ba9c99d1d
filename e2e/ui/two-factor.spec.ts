import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "../support/hydration";
import { baseURL } from "../support/settings";
import { confirmItIsYou, passReauthIfAsked } from "../support/reauth";
import { postCredentials, setUpTwoFactor, totpCode } from "../support/two-factor";
import { joinByInvitation, confirmedOwnerSignedIn } from "../support/ui";
import { mailboxPerFile, uniqueTag } from "../support/smtp";

// Sign-ups confirm their email before signing in: the mail arrives here.
const mailbox = mailboxPerFile();
const unique = uniqueTag;
const password = "a long enough passphrase";

async function signInWithForm(page: Page, email: string, code?: string) {
  await page.goto("/sign-in");
  await (await hydrated(page.getByLabel("Email"))).fill(email);
  await page.getByLabel("Password").fill(password);
  await (await hydrated(page.getByRole("button", { name: "Sign in" }))).click();
  if (code === undefined) return;
  await page.getByLabel("Authenticator code").fill(code);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in/);
}

// A code that is not the current one, nor either neighbour the server accepts for clock drift.
function wrongCode(secret: string): string {
  const near = new Set([-1, 0, 1].map((step) => totpCode(secret, step)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!near.has(candidate)) return candidate;
  }
}

test("two-factor sign-in: set up with the secret shown, sign in with a code, a recovery code works once, wrong codes are limited", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `totp.${unique()}@e2e.tollgate.test`;
  await confirmedOwnerSignedIn(page, { accountName: "Totp Co", name: "Tess Totp", email, password });

  await page.goto("/test/settings/security");
  await (await hydrated(page.getByRole("button", { name: "Set up two-factor sign-in" }))).click();
  // Its codes will confirm sensitive changes: setting it up asks for the password first.
  await expect(page.getByRole("dialog", { name: "Confirm it is you" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("reauth-dialog-390.png"), fullPage: true });
  await confirmItIsYou(page, password);
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("two-factor-setup-390.png"), fullPage: true });
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("Code from the app").fill(wrongCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("That code is not correct. Check the time on your phone.")).toBeVisible();
  await page.getByLabel("Code from the app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" });
  await expect(codes.getByRole("listitem")).toHaveCount(10);
  const recoveryCodes = (await codes.getByRole("listitem").allTextContents()).map((code) => code.trim());
  await page.screenshot({
    path: test.info().outputPath("two-factor-recovery-codes-390.png"),
    fullPage: true,
  });
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByText("Sign-in asks for a code from your authenticator app.")).toBeVisible();
  // The person (here also the owner) is told, in case it was not them.
  const turnedOn = await mailbox.current.waitFor(email, /^Two-factor sign-in was turned on/);
  expect(turnedOn.text).toContain(`Member: Tess Totp <${email}>`);
  // Shown once: the page no longer has them.
  await page.reload();
  expect(await page.content()).not.toContain(recoveryCodes[0]);
  await signOut(page);

  // The password alone leads to the second step; a wrong code is refused beside the field.
  await signInWithForm(page, email);
  await expect(page.getByLabel("Authenticator code")).toBeFocused();
  await expect(page.getByLabel("Password")).toBeHidden();
  await page.getByLabel("Authenticator code").fill(wrongCode(secret));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(
    page.getByText("That code is not correct. Try the current one, or a recovery code."),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("sign-in-code-step-390.png"), fullPage: true });
  // The setup spent the current step's code; the next step's is accepted (apps may run ahead).
  const signInCode = totpCode(secret, 1);
  await page.getByLabel("Authenticator code").fill(signInCode);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL(/\/test$/);
  await signOut(page);

  // A code is accepted once: the same code again, still within its 30 seconds, is refused.
  await signInWithForm(page, email, signInCode);
  await expect(
    page.getByText("That code is not correct. Try the current one, or a recovery code."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);

  // A recovery code signs in once, and only once.
  await signInWithForm(page, email, recoveryCodes[0]!.toUpperCase());
  await expect(page).toHaveURL(/\/test$/);
  await signOut(page);
  await signInWithForm(page, email, recoveryCodes[0]);
  await expect(
    page.getByText("That code is not correct. Try the current one, or a recovery code."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);

  // Without the code, a right password signs no one in; a wrong password never hears of a code.
  const request = (await browser.newContext()).request;
  expect(await postCredentials(request, baseURL, { email, password })).toBe("CodeRequired");
  expect(await postCredentials(request, baseURL, { email, password: "not the password" })).toBe(
    "CredentialsSignin",
  );
  expect(
    await postCredentials(request, baseURL, { email, password: "not the password", code: totpCode(secret) }),
  ).toBe("CredentialsSignin");
  // Three wrong codes so far (the setup's, the sign-in's and the replayed one) and the spent
  // recovery code: one more reaches the limit of five, and then even the right code is refused.
  expect(await postCredentials(request, baseURL, { email, password, code: wrongCode(secret) })).toBe(
    "CodeMismatch",
  );
  expect(await postCredentials(request, baseURL, { email, password, code: totpCode(secret) })).toMatch(
    /^RateLimited:\d+$/,
  );
  expect(await postCredentials(request, baseURL, { email, password, code: recoveryCodes[1] })).toMatch(
    /^RateLimited:\d+$/,
  );
  await page.goto("/sign-in");
  await signInWithForm(page, email, totpCode(secret));
  await expect(
    page.getByRole("alert").filter({ hasText: /^Too many attempts; try again in \d+ seconds\.$/ }),
  ).toBeVisible();
});

test("sessions: both sign-ins are listed with this device marked; signing out the others ends the other one at once", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `sessions.${unique()}@e2e.tollgate.test`;
  await confirmedOwnerSignedIn(page, { accountName: "Sessions Co", name: "Sid Sessions", email, password });

  const otherContext = await browser.newContext({
    userAgent:
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Firefox/128.0",
  });
  const other = await otherContext.newPage();
  expect(await postCredentials(other.request, baseURL, { email, password })).toBeNull();
  await other.goto("/test");
  await expect(other).toHaveURL(/\/test$/);
  const copied = await otherContext.cookies();

  await page.goto("/test/settings/security");
  const sessions = page.getByRole("list", { name: "Active sessions" }).getByRole("listitem");
  await expect(sessions).toHaveCount(2);
  await expect(sessions.first()).toContainText("This device");
  await expect(sessions.nth(1)).toContainText("Firefox on Windows");
  await expect(sessions.nth(1)).not.toContainText("This device");
  await page.screenshot({ path: test.info().outputPath("sessions-390.png"), fullPage: true });

  await (await hydrated(page.getByRole("button", { name: "Sign out all other sessions" }))).click();
  const confirm = page.getByRole("dialog", { name: "Sign out all other sessions?" });
  await expect(confirm).toContainText("1 other session end at once");
  await confirm.getByRole("button", { name: "Sign out others" }).click();
  await expect(page.getByText("Other sessions were signed out")).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(page.getByText("No other sessions: you are signed in only here.")).toBeVisible();

  // The other browser, and anyone holding a copy of its cookie, is signed out; this one is not.
  await other.goto("/test");
  await expect(other).toHaveURL(/\/sign-in/);
  const replay = await browser.newContext();
  await replay.addCookies(copied);
  const replayed = await replay.newPage();
  await replayed.goto("/test");
  await expect(replayed).toHaveURL(/\/sign-in/);
  await page.goto("/test");
  await expect(page).toHaveURL(/\/test$/);
  await Promise.all([replay.close(), otherContext.close()]);
});

test.describe("the account's rule", () => {
  test("an owner requires two-factor sign-in: a member is sent to set it up first; a member turning it off (after re-authentication) is mailed to the owner", async ({
    page,
    browser,
  }) => {
    const ownerEmail = `owner2fa.${unique()}@e2e.tollgate.test`;
    await confirmedOwnerSignedIn(page, {
      accountName: "Rule Co",
      name: "Rory Rule",
      email: ownerEmail,
      password,
    });

    // A member joins before the rule.
    const memberEmail = `member2fa.${unique()}@e2e.tollgate.test`;
    await page.goto("/test/team");
    await (await hydrated(page.getByRole("button", { name: "Invite member" }))).click();
    const invite = page.getByRole("dialog");
    await invite.getByLabel("Email").fill(memberEmail);
    await invite.getByLabel("Role").selectOption("developer");
    await invite.getByRole("button", { name: "Create invitation" }).click();
    const link = await invite.getByLabel("Invitation link").inputValue();
    await invite.getByRole("button", { name: "Done" }).click();
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await member.setViewportSize({ width: 390, height: 844 });
    await joinByInvitation(
      member,
      link,
      { email: memberEmail, name: "Mia Member", password, accountName: "Rule Co" },
      mailbox.current,
    );

    // The owner cannot require what they do not have; once they do, the rule goes on.
    await page.goto("/test/settings/security");
    await expect(
      page.getByText("Turn on two-factor sign-in (an authenticator app or a passkey) for yourself first."),
    ).toBeVisible();
    await setUpTwoFactor(page, password);
    await page.getByRole("button", { name: "I have saved them" }).click();
    await (await hydrated(page.getByRole("button", { name: "Require for every member" }))).click();
    await page
      .getByRole("dialog", { name: "Require two-factor sign-in?" })
      .getByRole("button", { name: "Require it" })
      .click();
    await expect(page.getByText("Required for every member.")).toBeVisible();

    // The member is sent to set it up, from any page; once done, the dashboard opens again.
    await member.goto("/test/payments");
    await expect(member).toHaveURL(/\/test\/settings\/security$/);
    await expect(
      member.getByRole("alert").filter({ hasText: "Rule Co requires two-factor sign-in." }),
    ).toBeVisible();
    await member.screenshot({ path: test.info().outputPath("two-factor-required-390.png"), fullPage: true });
    await setUpTwoFactor(member, password);
    await member.getByRole("button", { name: "I have saved them" }).click();
    await member.goto("/test/payments");
    await expect(member).toHaveURL(/\/test\/payments$/);

    // While the rule holds, turning it off is refused; once optional, it needs the password again and mails the owner.
    await page.getByRole("button", { name: "Make it optional" }).click();
    await expect(page.getByText("Two-factor sign-in is now optional")).toBeVisible();
    await member.goto("/test/settings/security");
    await (await hydrated(member.getByRole("button", { name: "Turn off" }))).click();
    await member
      .getByRole("dialog", { name: "Turn off two-factor sign-in?" })
      .getByRole("button", { name: "Turn off" })
      .click();
    // The member confirmed it was them minutes ago, to set the app up; later it asks again (the gate itself: server-actions spec and fresh-auth.test.ts).
    await passReauthIfAsked(member, password, member.getByText("Two-factor sign-in is off"));
    const alert = await mailbox.current.waitFor(ownerEmail, /^Two-factor sign-in was turned off/);
    expect(alert.text).toContain(memberEmail);
    await memberContext.close();
  });
});
