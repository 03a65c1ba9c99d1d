import type { Browser, Locator, Page } from "@playwright/test";
import { expect, freshKey, test } from "../support/api";
import { readFixtures, type RoleName } from "../support/fixtures-data";
import { confirmItIsYou, passReauthIfAsked } from "../support/reauth";
import { createMerchant, sampleAddress, usdcBase } from "../support/merchants";
import { actionArgs, captureServerAction, replayServerAction } from "../support/server-action";
import { baseURL } from "../support/settings";
import { linkIn, startMailbox, type Mailbox } from "../support/smtp";
import { expectCookiesSignedOut, joinByInvitation, joinSubject, signInAs } from "../support/ui";
import { hydrated } from "../support/hydration";

// Team changes happen in account B, so the people of account A that other tests sign in as keep their roles.
const account = "b";
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const password = "correct horse battery staple";
const roleOf = (row: Locator) => row.locator("td").nth(1);
const accountName = () => readFixtures().accounts[account].name;

let mailbox: Mailbox;
test.beforeAll(async () => {
  mailbox = await startMailbox();
});
test.afterAll(async () => {
  await mailbox?.close();
});

async function invite(page: Page, email: string, role: RoleName): Promise<string> {
  await page.goto("/test/team");
  await page.getByRole("button", { name: "Invite member" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Role").selectOption(role);
  await dialog.getByRole("button", { name: "Create invitation" }).click();
  // Inviting an owner or admin is a sensitive change (asked again only after some minutes).
  await passReauthIfAsked(
    page,
    readFixtures().accounts[account].users.owner.password,
    dialog.getByRole("heading", { name: "Send this invitation link" }),
  );
  const link = await dialog.getByLabel("Invitation link").inputValue();
  await dialog.getByRole("button", { name: "Done" }).click();
  return link;
}

/** A new member who joined through an invitation, signed in in their own browser context. */
async function newMember(page: Page, browser: Browser, role: RoleName) {
  const email = `member.${unique()}@e2e.tollgate.test`;
  const link = await invite(page, email, role);
  const context = await browser.newContext();
  const member = await context.newPage();
  await joinByInvitation(
    member,
    link,
    { email, name: `Member ${role}`, password, accountName: accountName() },
    mailbox,
  );
  await page.goto("/test/team");
  return { email, page: member, context, row: page.getByTestId(`member-${email}`) };
}

test("an owner invites by email; the invitee sets a name and password, finishes from the mailed link, is signed in, and has the role", async ({
  page,
  browser,
}) => {
  await signInAs(page, "owner", account);
  await page.goto("/test/team");
  await expect(page.getByRole("heading", { name: "Team" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("team.png"), fullPage: true });

  const email = `invitee.${unique()}@e2e.tollgate.test`;
  await page.getByRole("button", { name: "Invite member" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Role").selectOption("developer");
  await expect(dialog).toContainText(
    "API keys, webhooks and merchants; reads payments and creates them and payment links.",
  );
  await page.screenshot({ path: test.info().outputPath("team-invite-form.png") });
  await dialog.getByRole("button", { name: "Create invitation" }).click();
  const link = await dialog.getByLabel("Invitation link").inputValue();
  expect(link).toMatch(new RegExp(`^${baseURL}/invite/[0-9A-Za-z]{40}$`));
  await expect(dialog).toContainText("This link is shown only now.");
  await page.screenshot({ path: test.info().outputPath("team-invite-link.png") });
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(roleOf(page.getByTestId(`invitation-${email}`))).toHaveText("developer");
  expect(await page.content()).not.toContain(link.split("/invite/")[1]);

  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await invitee.goto(link);
  await expect(
    invitee.getByRole("heading", { name: `Join ${readFixtures().accounts[account].name}` }),
  ).toBeVisible();
  await expect(invitee.getByLabel("Email")).toHaveValue(email);
  await invitee.getByRole("button", { name: "Join the team" }).click();
  await expect(invitee.getByText("Enter your name.")).toBeVisible();
  await expect(invitee.getByText("Use at least 10 characters.")).toBeVisible();
  await invitee.screenshot({ path: test.info().outputPath("invite-accept.png") });
  await invitee.getByLabel("Your name").fill("Ines Invitee");
  await invitee.getByLabel("Choose a password").fill(password);
  await invitee.getByRole("button", { name: "Join the team" }).click();
  await expect(invitee.getByTestId("join-sent")).toContainText(`We sent a message to ${email}`);
  await invitee.screenshot({ path: test.info().outputPath("invite-sent.png") });
  // Nothing is made until the mailed link is followed: the invitation is still pending.
  await page.reload();
  await expect(roleOf(page.getByTestId(`invitation-${email}`))).toHaveText("developer");
  await expect(page.getByTestId(`member-${email}`)).toHaveCount(0);

  const mail = await mailbox.waitFor(email, joinSubject(accountName()));
  expect(mail.text).toContain("as developer");
  await invitee.goto(linkIn(mail, `${baseURL}/join/`));
  await expect(invitee.getByRole("heading", { name: `Finish joining ${accountName()}` })).toBeVisible();
  // The link alone is not enough: it takes the password chosen on the form.
  await invitee.getByLabel("The password you chose").fill("not the chosen password");
  await invitee.getByRole("button", { name: `Join ${accountName()}` }).click();
  await expect(invitee.getByText("That is not the password you chose on the invitation form.")).toBeVisible();
  await invitee.screenshot({ path: test.info().outputPath("join-wrong-password.png") });
  await invitee.getByLabel("The password you chose").fill(password);
  await invitee.getByRole("button", { name: `Join ${accountName()}` }).click();
  await expect(invitee).toHaveURL(/\/test$/);
  await expect(invitee.getByTestId("user-email")).toHaveText(email);
  await expect(invitee.getByTestId("account-name")).toHaveText(readFixtures().accounts[account].name);

  await invitee.goto("/test/team");
  await expect(roleOf(invitee.getByTestId(`member-${email}`))).toHaveText("developer");
  await expect(invitee.getByRole("button", { name: "Invite member" })).toHaveCount(0);
  await invitee.goto("/test/developers");
  await expect(invitee.getByRole("button", { name: "Create test key" })).toBeVisible();

  // The password they chose works on the sign-in form; the link does not work twice.
  await invitee.getByRole("button", { name: "Sign out" }).click();
  await expect(invitee).toHaveURL(/\/sign-in/);
  await invitee.getByLabel("Email").fill(email);
  await invitee.getByLabel("Password").fill(password);
  await (await hydrated(invitee.getByRole("button", { name: "Sign in" }))).click();
  await expect(invitee).toHaveURL(/\/test$/);
  await invitee.goto(link);
  await expect(
    invitee.getByText("This invitation has already been accepted. Sign in with the email it was sent to."),
  ).toHaveRole("alert");
  await inviteeContext.close();

  await page.reload();
  await expect(page.getByTestId(`invitation-${email}`)).toHaveCount(0);
  await expect(page.getByTestId(`member-${email}`)).toContainText("Ines Invitee");
});

test("following an invite link answers the same whether or not the address already has a login; only the address's owner learns which, by mail", async ({
  page,
  browser,
}) => {
  await signInAs(page, "admin", account);
  const taken = readFixtures().accounts.a.users.support.email;
  const fresh = `fresh.${unique()}@e2e.tollgate.test`;
  // The inviter holds the link and fills the form, as someone probing addresses would.
  const follow = async (email: string) => {
    const link = await invite(page, email, "viewer");
    const context = await browser.newContext();
    const prober = await context.newPage();
    await prober.goto(link);
    await prober.getByLabel("Your name").fill("Pat Prober");
    await prober.getByLabel("Choose a password").fill(password);
    await prober.getByRole("button", { name: "Join the team" }).click();
    await expect(prober.getByTestId("join-sent")).toBeVisible();
    const text = (await prober.locator("main").innerText()).replaceAll(email, "<email>");
    await context.close();
    return text;
  };
  expect(await follow(taken)).toBe(await follow(fresh));
  await page.goto("/test/team");
  for (const email of [taken, fresh]) {
    await expect(page.getByTestId(`invitation-${email}`)).toBeVisible();
    await expect(page.getByTestId(`member-${email}`)).toHaveCount(0);
  }
  const refused = await mailbox.waitFor(
    taken,
    new RegExp(`^About your invitation to ${accountName()} on Tollgate$`),
  );
  expect(refused.text).toContain("this address already has a Tollgate login with another account");
  const toFresh = await mailbox.waitFor(fresh, joinSubject(accountName()));
  expect(toFresh.text).toContain("Finish joining");
  for (const email of [taken, fresh]) {
    await page.getByRole("button", { name: `Revoke invitation for ${email}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke invitation" }).click();
    await expect(page.getByTestId(`invitation-${email}`)).toHaveCount(0);
  }
  // A revoked invitation's mailed link stops working too.
  const context = await browser.newContext();
  const late = await context.newPage();
  await late.goto(linkIn(toFresh, `${baseURL}/join/`));
  await expect(late.getByRole("alert").filter({ hasText: "This link does not work any more" })).toBeVisible();
  await context.close();
});

test("invitations: problems are shown beside the email, and a revoked link stops working", async ({
  page,
  browser,
}) => {
  const fixtures = readFixtures();
  await signInAs(page, "admin", account);
  await page.goto("/test/team");
  await page.getByRole("button", { name: "Invite member" }).click();
  const dialog = page.getByRole("dialog");
  // An admin cannot hand out the owner role.
  await expect(dialog.getByLabel("Role").locator("option")).toHaveText([
    "admin",
    "developer",
    "support",
    "viewer",
  ]);
  const tryEmail = async (email: string, message: string) => {
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Create invitation" }).click();
    await expect(dialog.locator("#invite-email-error")).toHaveText(message);
  };
  await tryEmail("not-an-email", "Enter a valid email address.");
  await tryEmail(
    fixtures.accounts[account].users.viewer.email,
    "This person is already a member of the team.",
  );
  await page.screenshot({ path: test.info().outputPath("team-invite-errors.png") });
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Whether the email already has a Tollgate login with another account is not the inviter's to learn:
  // the answer reads the same as for a new address.
  const answer = async (email: string) => {
    await page.goto("/test/team");
    await page.getByRole("button", { name: "Invite member" }).click();
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Create invitation" }).click();
    await expect(dialog.getByRole("heading", { name: "Send this invitation link" })).toBeVisible();
    const text = (await dialog.innerText())
      .replaceAll(email, "<email>")
      .replace(/\/invite\/[0-9A-Za-z]{40}/g, "/invite/<token>");
    await dialog.getByRole("button", { name: "Done" }).click();
    return text;
  };
  const taken = fixtures.accounts.a.users.viewer.email;
  expect(await answer(taken)).toBe(await answer(`new.${unique()}@e2e.tollgate.test`));
  await expect(page.getByTestId(`invitation-${taken}`)).toBeVisible();
  await page.getByRole("button", { name: `Revoke invitation for ${taken}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke invitation" }).click();
  await expect(page.getByTestId(`invitation-${taken}`)).toHaveCount(0);

  const email = `revoked.${unique()}@e2e.tollgate.test`;
  const link = await invite(page, email, "viewer");
  await page.getByRole("button", { name: "Invite member" }).click();
  await tryEmail(email, "This email already has a pending invitation. Revoke it to send a new one.");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("button", { name: `Revoke invitation for ${email}` }).click();
  await expect(page.getByRole("dialog")).toContainText(`The link sent to ${email} stops working at once.`);
  await page.getByRole("dialog").getByRole("button", { name: "Revoke invitation" }).click();
  await expect(page.getByTestId(`invitation-${email}`)).toHaveCount(0);

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  for (const target of [link, `${baseURL}/invite/not-a-real-token`]) {
    await visitorPage.goto(target);
    await expect(visitorPage.getByRole("heading", { name: "This invitation cannot be used" })).toBeVisible();
    await expect(visitorPage.getByText("This invitation link is not valid.", { exact: false })).toHaveRole(
      "alert",
    );
  }
  await visitorPage.screenshot({ path: test.info().outputPath("invite-invalid.png") });
  await visitor.close();
});

test("an owner changes a member's role and removes them; the member's access follows at once", async ({
  page,
  browser,
}) => {
  await signInAs(page, "owner", account);
  const member = await newMember(page, browser, "developer");
  await member.page.goto("/test/developers");
  await expect(member.page.getByRole("button", { name: "Create test key" })).toBeVisible();

  await member.row.getByRole("button", { name: `Change role of ${member.email}` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Role").selectOption("support");
  await expect(dialog).toContainText(
    "Creates, reads, cancels and refunds payments (and payment links), and attaches their transaction hashes.",
  );
  await page.screenshot({ path: test.info().outputPath("team-change-role.png") });
  await dialog.getByRole("button", { name: "Save role" }).click();
  // Changing a role asks who it is first.
  await confirmItIsYou(page, readFixtures().accounts[account].users.owner.password);
  await expect(dialog).toBeHidden();
  await expect(roleOf(member.row)).toHaveText("support");

  await member.page.reload();
  await expect(member.page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await expect(member.page.getByRole("button", { name: "Create test key" })).toHaveCount(0);

  await member.row.getByRole("button", { name: `Remove ${member.email}` }).click();
  await expect(page.getByRole("dialog")).toContainText(
    `${member.email} loses access to this account at once`,
  );
  await page.getByRole("dialog").getByRole("button", { name: "Remove member" }).click();
  await expect(member.row).toHaveCount(0);

  await member.page.goto("/test");
  await expect(member.page).toHaveURL(/\/sign-in/);
  const oldCookies = await member.context.cookies();
  await member.context.close();

  // Removed is not banned: the same person can be invited back, joins with a new password, and signs in.
  const link = await invite(page, member.email, "viewer");
  const again = await (await browser.newContext()).newPage();
  await joinByInvitation(
    again,
    link,
    {
      email: member.email,
      name: "Member back",
      password: "a new passphrase for coming back",
      accountName: accountName(),
    },
    mailbox,
  );
  await page.goto("/test/team");
  await expect(roleOf(page.getByTestId(`member-${member.email}`))).toHaveText("viewer");
  await again.context().close();
  // Removal ended their sessions: a cookie from before it stays dead although they are back.
  await expectCookiesSignedOut(browser, oldCookies);
});

test("an API key shrinks with its creator: demoted, it loses what the new role cannot grant; removed, it is revoked", async ({
  page,
  browser,
  apiAs,
}) => {
  await signInAs(page, "owner", account);
  const member = await newMember(page, browser, "admin");
  await member.page.goto("/test/developers");
  await member.page.getByRole("button", { name: "Create test key" }).click();
  const dialog = member.page.getByRole("dialog");
  const name = `Admin key ${unique()}`;
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Create key" }).click();
  const key = apiAs({ "Api-Key": await dialog.getByTestId("new-api-key").inputValue() });
  await dialog.getByRole("button", { name: "I have stored it" }).click();
  await expect(
    member.page.getByRole("row").filter({ hasText: name }).getByTestId("api-key-access"),
  ).toHaveText("Full access");
  await member.context.close();

  // As an admin's key it registers settlements.
  const merchant = await createMerchant(key, { withUsdc: true });
  const registerSettlement = () =>
    key.post(
      `/v1/merchants/${merchant.id}/settlements/crypto`,
      {
        settlements: [
          {
            asset: "eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
            destination: `eip155:1:${sampleAddress}`,
          },
        ],
      },
      { idempotencyKey: freshKey() },
    );

  await member.row.getByRole("button", { name: `Change role of ${member.email}` }).click();
  await page.getByRole("dialog").getByLabel("Role").selectOption("developer");
  await page.getByRole("dialog").getByRole("button", { name: "Save role" }).click();
  // Inviting the admin may have confirmed it already.
  await passReauthIfAsked(
    page,
    readFixtures().accounts[account].users.owner.password,
    roleOf(member.row).filter({ hasText: "developer" }),
  );

  // A developer could not have made a key that writes settlements, so the key no longer does, and
  // the keys list says what it can do now.
  await page.goto("/test/developers");
  const access = page.getByRole("row").filter({ hasText: name }).getByTestId("api-key-access");
  await expect(access).toContainText("narrowed from Full access: its creator is now developer");
  await expect(access).not.toContainText("Settlements: write");
  await page.goto("/test/team");
  const refused = await registerSettlement();
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe("forbidden");
  const settlements = await key.get(`/v1/merchants/${merchant.id}/settlements`);
  expect(settlements.status).toBe(200);
  expect(settlements.body.crypto).toEqual([expect.objectContaining({ asset: usdcBase })]);
  expect(
    (
      await key.post(
        "/v1/payments",
        { referenceId: "after-demotion", amount: { unit: "iso4217/USD", value: "500" } },
        { merchantId: merchant.id },
      )
    ).status,
  ).toBe(201);

  await member.row.getByRole("button", { name: `Remove ${member.email}` }).click();
  await expect(page.getByRole("dialog")).toContainText("the API keys they created are revoked");
  await page.getByRole("dialog").getByRole("button", { name: "Remove member" }).click();
  await expect(member.row).toHaveCount(0);
  const afterRemoval = await key.get(`/v1/merchants/${merchant.id}/settlements`);
  expect(afterRemoval.status).toBe(401);
  expect(afterRemoval.body.code).toBe("invalid_api_key");
  await page.goto("/test/developers");
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Revoked");
});

test("nobody can demote or remove the last owner, and an admin cannot change an owner — in the page and on the server", async ({
  page,
  browser,
}) => {
  const fixtures = readFixtures();
  const ownerEmail = fixtures.accounts[account].users.owner.email;
  await signInAs(page, "owner", account);
  await page.goto("/test/team");
  const ownerRow = page.getByTestId(`member-${ownerEmail}`);
  await expect(ownerRow).toContainText("The only owner cannot be demoted or removed.");
  await expect(ownerRow.getByRole("button")).toHaveCount(0);
  const ownerMembershipId = (await ownerRow.getAttribute("data-membership-id"))!;

  // An admin sees the owner locked, and the server refuses what the page does not offer.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, "admin", account);
  const member = await newMember(admin, browser, "viewer");
  await member.context.close();
  await expect(admin.getByTestId(`member-${ownerEmail}`)).toContainText(
    "Only an owner can change or remove an owner.",
  );
  await admin.screenshot({ path: test.info().outputPath("team-as-admin.png"), fullPage: true });

  await member.row.getByRole("button", { name: `Change role of ${member.email}` }).click();
  await admin.getByRole("dialog").getByLabel("Role").selectOption("support");
  const changeRole = await captureServerAction(admin, () =>
    admin.getByRole("dialog").getByRole("button", { name: "Save role" }).click(),
  );
  await confirmItIsYou(admin, fixtures.accounts[account].users.admin.password);
  await expect(roleOf(member.row)).toHaveText("support");
  const mode = actionArgs(changeRole)[0]!.mode;
  const demoteOwner = await replayServerAction(admin, changeRole, [
    { membershipId: ownerMembershipId, role: "viewer", mode },
  ]);
  expect(demoteOwner).toContain('"code":"forbidden"');
  expect(demoteOwner).toContain("Only an owner can change or remove an owner.");
  const promote = await replayServerAction(admin, changeRole, [
    { membershipId: await member.row.getAttribute("data-membership-id"), role: "owner", mode },
  ]);
  expect(promote).toContain("Only an owner can make someone an owner.");

  await member.row.getByRole("button", { name: `Remove ${member.email}` }).click();
  const remove = await captureServerAction(admin, () =>
    admin.getByRole("dialog").getByRole("button", { name: "Remove member" }).click(),
  );
  await expect(member.row).toHaveCount(0);
  expect(await replayServerAction(admin, remove, [{ membershipId: ownerMembershipId, mode }])).toContain(
    "Only an owner can change or remove an owner.",
  );
  await adminContext.close();

  // With a second owner, two tabs that both think there are two owners cannot demote both.
  const second = await newMember(page, browser, "admin");
  await second.context.close();
  await second.row.getByRole("button", { name: `Change role of ${second.email}` }).click();
  await page.getByRole("dialog").getByLabel("Role").selectOption("owner");
  await page.getByRole("dialog").getByRole("button", { name: "Save role" }).click();
  await passReauthIfAsked(
    page,
    fixtures.accounts[account].users.owner.password,
    roleOf(second.row).filter({ hasText: "owner" }),
  );
  await expect(ownerRow.getByRole("button", { name: `Change role of ${ownerEmail}` })).toBeVisible();

  const staleTab = await page.context().newPage();
  await staleTab.goto("/test/team");
  await second.row.getByRole("button", { name: `Change role of ${second.email}` }).click();
  await page.getByRole("dialog").getByLabel("Role").selectOption("admin");
  await page.getByRole("dialog").getByRole("button", { name: "Save role" }).click();
  await expect(roleOf(second.row)).toHaveText("admin");

  const staleOwnerRow = staleTab.getByTestId(`member-${ownerEmail}`);
  await staleOwnerRow.getByRole("button", { name: `Change role of ${ownerEmail}` }).click();
  await staleTab.getByRole("dialog").getByLabel("Role").selectOption("admin");
  await staleTab.getByRole("dialog").getByRole("button", { name: "Save role" }).click();
  await expect(staleTab.getByRole("dialog").locator(`[id$="-error"]`)).toHaveText(
    `${ownerEmail} is the only owner. Make someone else an owner first.`,
  );
  await staleTab.screenshot({ path: test.info().outputPath("team-last-owner.png") });
  await staleTab.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

  await staleOwnerRow.getByRole("button", { name: `Remove ${ownerEmail}` }).click();
  await staleTab.getByRole("dialog").getByRole("button", { name: "Remove member" }).click();
  await expect(
    staleTab.getByText(
      `${ownerEmail} is the only owner and cannot be removed. Make someone else an owner first.`,
    ),
  ).toBeVisible();
  await staleTab.reload();
  await expect(roleOf(staleTab.getByTestId(`member-${ownerEmail}`))).toHaveText("owner");
  await expect(staleTab.getByTestId(`member-${ownerEmail}`)).toContainText(
    "The only owner cannot be demoted or removed.",
  );
});

test("the team page works at 390 px: members, roles and actions fit", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, "owner", account);
  await page.goto("/test/team");
  await expect(page.getByRole("heading", { name: "Members" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByRole("button", { name: "Invite member" })).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath("team-390.png"), fullPage: true });
});
