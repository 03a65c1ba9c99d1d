import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { readFixtures, type RoleName } from "../support/fixtures-data";
import { actionArgs, captureServerAction, replayServerAction } from "../support/server-action";
import { baseURL } from "../support/settings";
import { signInAs } from "../support/ui";

// Team changes happen in account B, so the people of account A that other tests sign in as keep their roles.
const account = "b";
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const password = "correct horse battery staple";
const roleOf = (row: Locator) => row.locator("td").nth(1);

async function invite(page: Page, email: string, role: RoleName): Promise<string> {
  await page.goto("/test/team");
  await page.getByRole("button", { name: "Invite member" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Role").selectOption(role);
  await dialog.getByRole("button", { name: "Create invitation" }).click();
  await expect(dialog.getByRole("heading", { name: "Send this invitation link" })).toBeVisible();
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
  await member.goto(link);
  await member.getByLabel("Your name").fill(`Member ${role}`);
  await member.getByLabel("Choose a password").fill(password);
  await member.getByRole("button", { name: "Join the team" }).click();
  await expect(member).toHaveURL(/\/test$/);
  await page.goto("/test/team");
  return { email, page: member, context, row: page.getByTestId(`member-${email}`) };
}

test("an owner invites by email; the invitee sets a name and password, is signed in, and has the role", async ({ page, browser }) => {
  await signInAs(page, "owner", account);
  await page.goto("/test/team");
  await expect(page.getByRole("heading", { name: "Team" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("team.png"), fullPage: true });

  const email = `invitee.${unique()}@e2e.tollgate.test`;
  await page.getByRole("button", { name: "Invite member" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Role").selectOption("developer");
  await expect(dialog).toContainText("API keys, webhooks and merchants; reads payments.");
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
  await expect(invitee.getByRole("heading", { name: `Join ${readFixtures().accounts[account].name}` })).toBeVisible();
  await expect(invitee.getByLabel("Email")).toHaveValue(email);
  await invitee.getByRole("button", { name: "Join the team" }).click();
  await expect(invitee.getByText("Enter your name.")).toBeVisible();
  await expect(invitee.getByText("Use at least 10 characters.")).toBeVisible();
  await invitee.screenshot({ path: test.info().outputPath("invite-accept.png") });
  await invitee.getByLabel("Your name").fill("Ines Invitee");
  await invitee.getByLabel("Choose a password").fill(password);
  await invitee.getByRole("button", { name: "Join the team" }).click();
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
  await invitee.getByRole("button", { name: "Sign in" }).click();
  await expect(invitee).toHaveURL(/\/test$/);
  await invitee.goto(link);
  await expect(invitee.getByText("This invitation has already been accepted. Sign in with the email it was sent to.")).toHaveRole("alert");
  await inviteeContext.close();

  await page.reload();
  await expect(page.getByTestId(`invitation-${email}`)).toHaveCount(0);
  await expect(page.getByTestId(`member-${email}`)).toContainText("Ines Invitee");
});

test("invitations: problems are shown beside the email, and a revoked link stops working", async ({ page, browser }) => {
  const fixtures = readFixtures();
  await signInAs(page, "admin", account);
  await page.goto("/test/team");
  await page.getByRole("button", { name: "Invite member" }).click();
  const dialog = page.getByRole("dialog");
  // An admin cannot hand out the owner role.
  await expect(dialog.getByLabel("Role").locator("option")).toHaveText(["admin", "developer", "support", "viewer"]);
  const tryEmail = async (email: string, message: string) => {
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Create invitation" }).click();
    await expect(dialog.locator("#invite-email-error")).toHaveText(message);
  };
  await tryEmail("not-an-email", "Enter a valid email address.");
  await tryEmail(fixtures.accounts[account].users.viewer.email, "This person is already a member of the team.");
  await tryEmail(fixtures.accounts.a.users.viewer.email, "This email already has a Tollgate login with another account; invite a different address.");
  await page.screenshot({ path: test.info().outputPath("team-invite-errors.png") });
  await dialog.getByRole("button", { name: "Cancel" }).click();

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
    await expect(visitorPage.getByText("This invitation link is not valid.", { exact: false })).toHaveRole("alert");
  }
  await visitorPage.screenshot({ path: test.info().outputPath("invite-invalid.png") });
  await visitor.close();
});

test("an owner changes a member's role and removes them; the member's access follows at once", async ({ page, browser }) => {
  await signInAs(page, "owner", account);
  const member = await newMember(page, browser, "developer");
  await member.page.goto("/test/developers");
  await expect(member.page.getByRole("button", { name: "Create test key" })).toBeVisible();

  await member.row.getByRole("button", { name: `Change role of ${member.email}` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Role").selectOption("support");
  await expect(dialog).toContainText("Reads payments, cancels and refunds them, and attaches their transaction hashes.");
  await page.screenshot({ path: test.info().outputPath("team-change-role.png") });
  await dialog.getByRole("button", { name: "Save role" }).click();
  await expect(dialog).toBeHidden();
  await expect(roleOf(member.row)).toHaveText("support");

  await member.page.reload();
  await expect(member.page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await expect(member.page.getByRole("button", { name: "Create test key" })).toHaveCount(0);

  await member.row.getByRole("button", { name: `Remove ${member.email}` }).click();
  await expect(page.getByRole("dialog")).toContainText(`${member.email} loses access to this account at once`);
  await page.getByRole("dialog").getByRole("button", { name: "Remove member" }).click();
  await expect(member.row).toHaveCount(0);

  await member.page.goto("/test");
  await expect(member.page).toHaveURL(/\/sign-in/);
  await member.context.close();

  // Removed is not banned: the same person can be invited back, joins with a new password, and signs in.
  const link = await invite(page, member.email, "viewer");
  const again = await (await browser.newContext()).newPage();
  await again.goto(link);
  await again.getByLabel("Your name").fill("Member back");
  await again.getByLabel("Choose a password").fill("a new passphrase for coming back");
  await again.getByRole("button", { name: "Join the team" }).click();
  await expect(again).toHaveURL(/\/test$/);
  await page.goto("/test/team");
  await expect(roleOf(page.getByTestId(`member-${member.email}`))).toHaveText("viewer");
  await again.context().close();
});

test("nobody can demote or remove the last owner, and an admin cannot change an owner — in the page and on the server", async ({ page, browser }) => {
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
  await expect(admin.getByTestId(`member-${ownerEmail}`)).toContainText("Only an owner can change or remove an owner.");
  await admin.screenshot({ path: test.info().outputPath("team-as-admin.png"), fullPage: true });

  await member.row.getByRole("button", { name: `Change role of ${member.email}` }).click();
  await admin.getByRole("dialog").getByLabel("Role").selectOption("support");
  const changeRole = await captureServerAction(admin, () => admin.getByRole("dialog").getByRole("button", { name: "Save role" }).click());
  await expect(roleOf(member.row)).toHaveText("support");
  const mode = actionArgs(changeRole)[0]!.mode;
  const demoteOwner = await replayServerAction(admin, changeRole, [{ membershipId: ownerMembershipId, role: "viewer", mode }]);
  expect(demoteOwner).toContain('"code":"forbidden"');
  expect(demoteOwner).toContain("Only an owner can change or remove an owner.");
  const promote = await replayServerAction(admin, changeRole, [{ membershipId: await member.row.getAttribute("data-membership-id"), role: "owner", mode }]);
  expect(promote).toContain("Only an owner can make someone an owner.");

  await member.row.getByRole("button", { name: `Remove ${member.email}` }).click();
  const remove = await captureServerAction(admin, () => admin.getByRole("dialog").getByRole("button", { name: "Remove member" }).click());
  await expect(member.row).toHaveCount(0);
  expect(await replayServerAction(admin, remove, [{ membershipId: ownerMembershipId, mode }])).toContain("Only an owner can change or remove an owner.");
  await adminContext.close();

  // With a second owner, two tabs that both think there are two owners cannot demote both.
  const second = await newMember(page, browser, "admin");
  await second.context.close();
  await second.row.getByRole("button", { name: `Change role of ${second.email}` }).click();
  await page.getByRole("dialog").getByLabel("Role").selectOption("owner");
  await page.getByRole("dialog").getByRole("button", { name: "Save role" }).click();
  await expect(roleOf(second.row)).toHaveText("owner");
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
  await expect(staleTab.getByRole("dialog").locator(`[id$="-error"]`)).toHaveText(`${ownerEmail} is the only owner. Make someone else an owner first.`);
  await staleTab.screenshot({ path: test.info().outputPath("team-last-owner.png") });
  await staleTab.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

  await staleOwnerRow.getByRole("button", { name: `Remove ${ownerEmail}` }).click();
  await staleTab.getByRole("dialog").getByRole("button", { name: "Remove member" }).click();
  await expect(staleTab.getByText(`${ownerEmail} is the only owner and cannot be removed. Make someone else an owner first.`)).toBeVisible();
  await staleTab.reload();
  await expect(roleOf(staleTab.getByTestId(`member-${ownerEmail}`))).toHaveText("owner");
  await expect(staleTab.getByTestId(`member-${ownerEmail}`)).toContainText("The only owner cannot be demoted or removed.");
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
