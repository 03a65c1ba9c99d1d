import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, freshKey, test } from "../support/api";
import { hydrated } from "../support/hydration";
import { baseURL } from "../support/settings";
import { confirmItIsYou } from "../support/reauth";
import { linkIn, startMailbox, type Mailbox } from "../support/smtp";
import { signInViaApi } from "../support/sign-in";
import { joinByInvitation, signInAs, signUp, verifySubject } from "../support/ui";

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const password = "a long enough passphrase";

let mailbox: Mailbox;
test.beforeAll(async () => {
  mailbox = await startMailbox();
});
test.afterAll(async () => {
  await mailbox?.close();
});

// A sign-up confirms its email before the first sign-in (sign-up.spec.ts) and someone invited
// confirms it by following the mailed link that makes their login (team.spec.ts); should a login
// with an unconfirmed email sign in anyway (the fixture's is written into the database), the
// dashboard holds its live changes back.
test("an unconfirmed member sees a banner and live changes are refused until they follow the mailed link; a new link replaces the old; the link verifies once", async ({
  page,
  fixtures,
}) => {
  const { email, password } = fixtures.unconfirmed;
  await page.setViewportSize({ width: 390, height: 844 });
  await signInViaApi(page.request, baseURL, email, password);
  await page.goto("/test");
  const banner = page.getByTestId("verify-email-banner");
  await expect(banner).toContainText(`Follow the link we mail to ${email}`);
  await page.screenshot({ path: test.info().outputPath("verify-banner-390.png"), fullPage: true });

  // Live mode is read-only until then: creating a live key is refused on the server.
  await page.goto("/live/developers");
  await (await hydrated(page.getByRole("button", { name: "Create live key" }))).click();
  await page.getByRole("dialog").getByLabel("Name").fill("too early");
  await page.getByRole("dialog").getByRole("button", { name: "Create key" }).click();
  await expect(
    page.getByText(/^Confirm your email address first: changes in live mode wait until you do/),
  ).toBeVisible();
  await page.keyboard.press("Escape");

  await page.goto("/test");
  await (await hydrated(banner.getByRole("button", { name: "Resend link" }))).click();
  await expect(
    page.getByText(`We sent a new link to ${email}. The earlier one no longer works.`),
  ).toBeVisible();
  const first = await mailbox.waitFor(email, verifySubject);
  const firstLink = linkIn(first, `${baseURL}/verify-email/`);
  expect(first.html).toContain(firstLink);

  // A new link replaces the first.
  await page.goto("/test");
  await (await hydrated(banner.getByRole("button", { name: "Resend link" }))).click();
  await expect(
    page.getByText(`We sent a new link to ${email}. The earlier one no longer works.`),
  ).toBeVisible();
  const second = await mailbox.waitFor(email, verifySubject, { where: (mail) => mail !== first });
  const secondLink = linkIn(second, `${baseURL}/verify-email/`);
  expect(secondLink).not.toBe(firstLink);
  await page.goto(firstLink);
  await expect(page.getByRole("alert").filter({ hasText: "This link does not work any more" })).toBeVisible();

  await page.goto(secondLink);
  await expect(page.getByRole("heading", { name: "Confirm your email" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("verify-page-390.png"), fullPage: true });
  await (await hydrated(page.getByRole("button", { name: "Confirm my email" }))).click();
  await expect(page).toHaveURL(/\/test$/);
  await expect(page.getByText("Your email is confirmed.")).toBeVisible();
  await expect(page.getByTestId("verify-email-banner")).toHaveCount(0);
  await page.goto("/test/settings");
  await expect(page.getByText("Confirmed", { exact: true })).toBeVisible();

  // Single use.
  await page.goto(secondLink);
  await expect(page.getByRole("alert").filter({ hasText: "This link does not work any more" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("verify-used-390.png"), fullPage: true });

  // Verified, the same live change goes through.
  await page.goto("/live/developers");
  await (await hydrated(page.getByRole("button", { name: "Create live key" }))).click();
  await page.getByRole("dialog").getByLabel("Name").fill("after verifying");
  await page.getByRole("dialog").getByRole("button", { name: "Create key" }).click();
  await confirmItIsYou(page, password);
  await expect(
    page.getByRole("dialog").getByRole("heading", { name: "Copy your new API key" }),
  ).toBeVisible();
});

test("an invitation is mailed; the invitee who joins from the mailed link has a confirmed email, and the owners hear that someone joined", async ({
  page,
  browser,
  fixtures,
}) => {
  const owner = await signInAs(page, "owner", "b");
  const email = `invited.${unique()}@e2e.tollgate.test`;
  await page.goto("/test/team");
  await (await hydrated(page.getByRole("button", { name: "Invite member" }))).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Role").selectOption("developer");
  await dialog.getByRole("button", { name: "Create invitation" }).click();
  await expect(dialog).toContainText(`We emailed this link to ${email}`);
  const shown = await dialog.getByLabel("Invitation link").inputValue();
  await dialog.getByRole("button", { name: "Done" }).click();

  const invitation = await mailbox.waitFor(
    email,
    new RegExp(`invited you to ${fixtures.accounts.b.name} on Tollgate$`),
  );
  expect(linkIn(invitation, `${baseURL}/invite/`)).toBe(shown);
  expect(invitation.text).toContain("as developer");

  const context = await browser.newContext();
  const invitee = await context.newPage();
  await joinByInvitation(
    invitee,
    shown,
    { email, name: "Ivo Invitee", password, accountName: fixtures.accounts.b.name },
    mailbox,
  );
  await expect(invitee.getByTestId("user-email")).toHaveText(email);
  await expect(invitee.getByTestId("verify-email-banner")).toHaveCount(0);
  await context.close();

  const joined = await mailbox.waitFor(owner.email, /^A member joined your team — /, {
    where: (mail) => (mail.text ?? "").includes(email),
  });
  expect(joined.text).toContain("Role: developer");
});

test("owners are mailed when a live settlement destination changes and when a live key is created", async ({
  page,
  apiAs,
  fixtures,
}) => {
  const owner = fixtures.accounts.a.users.owner;
  const live = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
  const asset = "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
  const [from, to] = [
    privateKeyToAccount(generatePrivateKey()).address,
    privateKeyToAccount(generatePrivateKey()).address,
  ];
  const merchant = (
    await live.post(
      "/v1/merchants",
      { merchantName: "Alerted Shop", merchantEmail: "alerts@shop.example" },
      { idempotencyKey: freshKey() },
    )
  ).body.merchant;
  const registered = await live.post(
    `/v1/merchants/${merchant.id}/settlements/crypto`,
    { settlements: [{ asset, destination: `eip155:8453:${from}` }] },
    { idempotencyKey: freshKey() },
  );
  expect(registered.status).toBe(201);
  const changed = await live.put(
    `/v1/merchants/${merchant.id}/settlements/crypto/${registered.body.crypto[0].id}`,
    { destination: `eip155:8453:${to}` },
    { idempotencyKey: freshKey() },
  );
  expect(changed.status).toBe(200);

  const alert = await mailbox.waitFor(
    owner.email,
    new RegExp(`^A settlement destination was changed — ${fixtures.accounts.a.name}$`),
    { where: (mail) => (mail.text ?? "").includes(to) },
  );
  expect(alert.text).toContain(`Old wallet: eip155:8453:${from}`);
  expect(alert.text).toContain(`New wallet: eip155:8453:${to}`);
  expect(alert.text).toContain(`Merchant: ${merchant.id}`);
  expect(alert.text).toContain("Changed by: API key “e2e live”");
  expect(alert.html).toContain(`${baseURL}/live/audit-log`);

  // A test-mode change moves no real money and mails nobody.
  const test_ = apiAs({ "Api-Key": fixtures.accounts.a.keys.test });
  const testMerchant = (
    await test_.post(
      "/v1/merchants",
      { merchantName: "Quiet Shop", merchantEmail: "quiet@shop.example" },
      { idempotencyKey: freshKey() },
    )
  ).body.merchant;
  const testRegistered = await test_.post(
    `/v1/merchants/${testMerchant.id}/settlements/crypto`,
    { settlements: [{ asset, destination: `eip155:8453:${from}` }] },
    { idempotencyKey: freshKey() },
  );
  const quietTo = privateKeyToAccount(generatePrivateKey()).address;
  expect(
    (
      await test_.put(
        `/v1/merchants/${testMerchant.id}/settlements/crypto/${testRegistered.body.crypto[0].id}`,
        { destination: `eip155:8453:${quietTo}` },
        { idempotencyKey: freshKey() },
      )
    ).status,
  ).toBe(200);

  // A live key created in the dashboard.
  await signInAs(page, "owner");
  const keyName = `alerted ${unique()}`;
  await page.goto("/live/developers");
  await (await hydrated(page.getByRole("button", { name: "Create live key" }))).click();
  await page.getByRole("dialog").getByLabel("Name").fill(keyName);
  await page.getByRole("dialog").getByRole("button", { name: "Create key" }).click();
  await confirmItIsYou(page, owner.password);
  await expect(
    page.getByRole("dialog").getByRole("heading", { name: "Copy your new API key" }),
  ).toBeVisible();
  const keyAlert = await mailbox.waitFor(owner.email, /^A live API key was created — /, {
    where: (mail) => (mail.text ?? "").includes(keyName),
  });
  expect(keyAlert.text).toContain(`Changed by: ${owner.email}`);

  // By now the worker has sent everything queued before the key's alert, the quiet change's included.
  expect(mailbox.received.filter((mail) => (mail.text ?? "").includes(quietTo))).toHaveLength(0);
});

// Issue 33, problem 4: an unconfirmed person is never left without a way on. Sign-in answers them
// as it answers a wrong password (so sign-up cannot reveal a taken email), and always offers a new
// confirmation link beside it; a used link offers one too, without signing in.
test("an unconfirmed sign-up who signs in, or follows a used link, is offered a new confirmation link that gets them in", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `unconfirmed.${unique()}@e2e.tollgate.test`;
  await signUp(page, { accountName: "Pending Co", name: "Pat Pending", email, password });
  const confirmation = await mailbox.waitFor(email, verifySubject);
  const confirmLink = linkIn(confirmation, `${baseURL}/verify-email/`);

  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await (await hydrated(page.getByRole("button", { name: "Sign in" }))).click();
  await expect(page.getByText("That email and password do not match an account.")).toHaveRole("alert");
  const hint = page.getByTestId("unconfirmed-hint");
  await expect(hint).toContainText("Signed up recently? Your email must be confirmed");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("sign-in-unconfirmed-390.png"), fullPage: true });
  await hint.getByRole("link", { name: "Get a new confirmation link" }).click();
  await expect(page.getByRole("heading", { name: "Get a new confirmation link" })).toBeVisible();

  await page.getByLabel("Email").fill(email);
  await (await hydrated(page.getByRole("button", { name: "Send reset link" }))).click();
  await expect(page.getByRole("status")).toContainText("on its way");
  await page.screenshot({ path: test.info().outputPath("new-confirmation-link-390.png"), fullPage: true });
  const reset = await mailbox.waitFor(email, /^Reset your Tollgate password$/);
  await page.goto(linkIn(reset, `${baseURL}/reset-password/`));
  await page.getByLabel("New password").fill("another long passphrase");
  await (await hydrated(page.getByRole("button", { name: "Set new password" }))).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("another long passphrase");
  await (await hydrated(page.getByRole("button", { name: "Sign in" }))).click();
  await expect(page).toHaveURL(/\/test$/);
  await expect(page.getByTestId("verify-email-banner")).toHaveCount(0);

  // A used (or replaced, or expired) confirmation link, opened signed out, leads there too.
  await page.context().clearCookies();
  await page.goto(confirmLink);
  const confirm = page.getByRole("button", { name: "Confirm my email" });
  if (await confirm.isVisible()) {
    await (await hydrated(confirm)).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await page.goto(confirmLink);
  }
  await expect(page.getByRole("alert").filter({ hasText: "get a new link below" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("verify-used-signed-out-390.png"), fullPage: true });
  await page.getByRole("link", { name: "Get a new confirmation link" }).click();
  await expect(page.getByRole("heading", { name: "Get a new confirmation link" })).toBeVisible();
});
