import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "../support/hydration";
import { confirmItIsYou } from "../support/reauth";
import { baseURL } from "../support/settings";
import { runSql } from "../support/test-control";
import { mailboxPerFile, uniqueTag } from "../support/smtp";
import { postCredentials } from "../support/two-factor";
import { confirmedOwnerSignedIn } from "../support/ui";
import { addVirtualAuthenticator, foreignPrivateKey } from "../support/virtual-authenticator";

// Passkeys with Chromium's virtual authenticator (CDP WebAuthn domain): the browser, the
// @simplewebauthn/browser calls and the server's checks all run for real; only the fingerprint
// reader is simulated.

// Sign-ups confirm their email before signing in: the mail arrives here.
const mailbox = mailboxPerFile();
const unique = uniqueTag;
const password = "a long enough passphrase";

/** Adds a login's first passkey, which also shows ten recovery codes once (returned here). */
async function addPasskey(page: Page, name: string): Promise<string[]> {
  await page.goto("/test/settings/security");
  await (await hydrated(page.getByLabel("Name of the new passkey"))).fill(name);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  // Adding a passkey is itself a sensitive change: the password first.
  await confirmItIsYou(page, password);
  await expect(page.getByText(`Passkey “${name}” added`)).toBeVisible();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const shown = await codes.allInnerTexts();
  await page.screenshot({
    path: test.info().outputPath(`passkey-recovery-codes-${page.viewportSize()?.width}.png`),
    fullPage: true,
  });
  await page.getByRole("button", { name: "I have saved them" }).click();
  return shown;
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in/);
}

async function passwordStep(page: Page, email: string) {
  await page.goto("/sign-in");
  await (await hydrated(page.getByLabel("Email"))).fill(email);
  await page.getByLabel("Password").fill(password);
  await (await hydrated(page.getByRole("button", { name: "Sign in" }))).click();
  await expect(page.getByRole("button", { name: "Use a passkey" })).toBeVisible();
}

test("passkeys: add one, sign in with password and passkey, confirm a change with it, remove it; owners are mailed and the log shows both", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `passkey.${unique()}@e2e.tollgate.test`;
  await confirmedOwnerSignedIn(page, { accountName: "Passkey Co", name: "Paz Key", email, password });
  const authenticator = await addVirtualAuthenticator(page);

  await page.goto("/test/settings/security");
  await expect(page.getByText("No passkeys yet.")).toBeVisible();
  // A name is needed before the browser is asked anything.
  await (await hydrated(page.getByRole("button", { name: "Add a passkey" }))).click();
  await expect(page.getByText("Name this passkey, e.g. the device it is on.")).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(0);

  await addPasskey(page, "Work laptop");
  const list = page.getByRole("list", { name: "Passkeys" }).getByRole("listitem");
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText("Work laptop");
  await expect(list.first()).toContainText("never used");
  const [credential] = await authenticator.credentials();
  expect(credential?.rpId).toBe("localhost");
  expect(credential?.isResidentCredential).toBe(true);
  await page.screenshot({ path: test.info().outputPath("passkeys-list-390.png"), fullPage: true });
  const added = await mailbox.current.waitFor(email, /^A passkey was added/);
  expect(added.text).toContain("Passkey: Work laptop");
  expect(added.text).toContain(email);
  await signOut(page);

  // The password alone leads to the passkey step (no code field: this login has no authenticator app).
  await passwordStep(page, email);
  await expect(page.getByLabel("Password")).toBeHidden();
  await expect(page.getByLabel("Authenticator code")).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("sign-in-passkey-step-390.png"), fullPage: true });
  const sent = page.waitForRequest(
    (r) => r.url().endsWith("/api/auth/callback/credentials") && r.method() === "POST",
  );
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(/\/test$/);
  const assertion = new URLSearchParams((await sent).postData() ?? "").get("passkey");
  expect(assertion).toBeTruthy();
  // The authenticator counted the signature (the server checks that the count rises).
  expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(credential!.signCount);

  // The same signed answer again is refused: its challenge was spent, and the password alone is not enough.
  const request = (await page.context().browser()!.newContext()).request;
  expect(await postCredentials(request, baseURL, { email, password, passkey: assertion! })).toBe(
    "PasskeyMismatch",
  );
  expect(await postCredentials(request, baseURL, { email, password })).toBe("PasskeyRequired");

  await page.goto("/test/settings/security");
  await expect(list.first()).toContainText("last used");
  await expect(list.first()).not.toContainText("never used");

  // A sign-in with a passkey counts as re-authentication for ten minutes (issue 33): nothing asks
  // again right away. As if those minutes had passed, removing it is a gated change again,
  // confirmed here with the passkey itself.
  const aged = await runSql(
    `UPDATE "UserSession" SET "reauthenticatedAt" = now() - interval '1 hour' WHERE "userId" = (SELECT "id" FROM "User" WHERE "email" = $1) AND "reauthenticatedAt" IS NOT NULL`,
    email,
  );
  expect(aged.count).toBeGreaterThan(0);
  await page.reload();
  await (await hydrated(page.getByRole("button", { name: "Remove Work laptop" }))).click();
  await page
    .getByRole("dialog", { name: "Remove the passkey “Work laptop”?" })
    .getByRole("button", { name: "Remove" })
    .click();
  const reauth = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(reauth.getByRole("button", { name: "Use a passkey" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("reauth-passkey-390.png"), fullPage: true });
  await reauth.getByRole("button", { name: "Use a passkey" }).click();
  await expect(reauth).toBeHidden();
  await expect(page.getByText("Passkey “Work laptop” removed")).toBeVisible();
  await expect(page.getByText("No passkeys yet.")).toBeVisible();
  const removed = await mailbox.current.waitFor(email, /^A passkey was removed/);
  expect(removed.text).toContain("Passkey: Work laptop");

  await page.goto("/test/audit-log");
  const entries = page.getByTestId("audit-entry");
  await expect(entries.filter({ hasText: "user.passkey_removed" })).toHaveCount(1);
  await expect(entries.filter({ hasText: "user.passkey_added" })).toHaveCount(1);
  await expect(entries.filter({ hasText: "user.passkey_added" })).toContainText("Work laptop");
  // Without a second factor left, the password alone signs in again.
  expect(await postCredentials(request, baseURL, { email, password })).toBeNull();
});

test("a passkey that claims a registered credential but signs with another key is refused, with a clear message; the real one then works, and counts for the account's 2FA rule", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `forged.${unique()}@e2e.tollgate.test`;
  await confirmedOwnerSignedIn(page, { accountName: "Forged Co", name: "Fay Forge", email, password });
  const authenticator = await addVirtualAuthenticator(page);
  await addPasskey(page, "Phone");
  const [real] = await authenticator.credentials();
  await signOut(page);

  // Another device holding a credential with the same id (and user), but not its private key.
  await authenticator.replace({ ...real!, privateKey: foreignPrivateKey() });
  await passwordStep(page, email);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  const alert = page.getByRole("alert").filter({ hasText: /\S/ });
  await expect(alert).toHaveText(
    "That passkey was not accepted. Use a passkey registered to this login, then try again.",
  );
  await expect(page).toHaveURL(/\/sign-in/);
  await page.screenshot({ path: test.info().outputPath("sign-in-passkey-refused-390.png"), fullPage: true });

  // A device holding none of the login's passkeys is told so by the browser step, before the server.
  await authenticator.replace();
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(alert).toContainText("No passkey was used");
  await expect(page).toHaveURL(/\/sign-in/);

  // The real credential signs in: the refusals were about the key, not the flow.
  await authenticator.replace(real);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(/\/test$/);

  // A passkey is two-factor sign-in for the account's rule: its owner may require it, and is not sent to set anything up.
  await page.goto("/test/settings/security");
  await (await hydrated(page.getByRole("button", { name: "Require for every member" }))).click();
  await page
    .getByRole("dialog", { name: "Require two-factor sign-in?" })
    .getByRole("button", { name: "Require it" })
    .click();
  await expect(page.getByText("Required for every member.")).toBeVisible();
  await page.goto("/test/payments");
  await expect(page).toHaveURL(/\/test\/payments$/);
  // While the rule holds, the only second factor cannot be removed.
  await page.goto("/test/settings/security");
  await (await hydrated(page.getByRole("button", { name: "Remove Phone" }))).click();
  await page
    .getByRole("dialog", { name: "Remove the passkey “Phone”?" })
    .getByRole("button", { name: "Remove" })
    .click();
  await expect(
    page.getByText("Your account requires two-factor sign-in, and this is your only second factor.", {
      exact: false,
    }),
  ).toBeVisible();
  // Without "Confirm it is you": the passkey sign-in a minute ago counts as re-authentication (issue 33).
  await expect(page.getByRole("dialog", { name: "Confirm it is you" })).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Passkeys" }).getByRole("listitem")).toHaveCount(1);
});

test("a passkey-only login is given recovery codes with its first passkey, and one signs in once without the passkey", async ({
  page,
}) => {
  const email = `passkey.codes.${unique()}@e2e.tollgate.test`;
  await confirmedOwnerSignedIn(page, { accountName: "Codes Co", name: "Cody Keys", email, password });
  const authenticator = await addVirtualAuthenticator(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  const codes = await addPasskey(page, "Laptop");
  expect(new Set(codes).size).toBe(10);
  // A second passkey (within the ten minutes the password confirmed) keeps the codes already given.
  await page.setViewportSize({ width: 390, height: 844 });
  await authenticator.replace();
  await page.getByLabel("Name of the new passkey").fill("Phone");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey “Phone” added")).toBeVisible();
  await expect(page.getByRole("list", { name: "Passkeys" }).getByRole("listitem")).toHaveCount(2);
  await expect(page.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);
  await signOut(page);

  // The passkey is lost: the sign-in's second step takes a recovery code instead.
  await passwordStep(page, email);
  await page.getByLabel("Recovery code").fill(codes[0]!);
  await page.screenshot({ path: test.info().outputPath("sign-in-recovery-code-390.png"), fullPage: true });
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL(/\/test$/);

  // Each code signs in once.
  const request = (await page.context().browser()!.newContext()).request;
  expect(await postCredentials(request, baseURL, { email, password, code: codes[0]! })).toBe("CodeMismatch");
  expect(await postCredentials(request, baseURL, { email, password, code: codes[1]! })).toBeNull();
});
