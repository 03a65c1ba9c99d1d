import type { Page } from "@playwright/test";
import { expect, freshKey, test } from "../support/api";
import { readFixtures } from "../support/fixtures-data";
import { hydrated } from "../support/hydration";
import { createMerchant, sampleAddress, usdcBase } from "../support/merchants";
import { confirmItIsYou } from "../support/reauth";
import { mailboxPerFile, uniqueTag } from "../support/smtp";
import { signInAs } from "../support/ui";
import { useWebhookEndpoints } from "../support/webhook-endpoints";

// Every change that sends money or events somewhere new, or grants owner or admin, asks a signed-in
// person for their password again, mails the owners, and (made with an API key) is shown at the top
// of the dashboard, whichever way it is reached (lib/domain/auth/sensitive-change.ts).
const mailbox = mailboxPerFile();
const endpoints = useWebhookEndpoints();
const fixtures = () => readFixtures().accounts.a;
const otherWallet = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";

const reauthDialog = (page: Page) => page.getByRole("dialog", { name: "Confirm it is you" });

test("live: a settlement deleted and registered elsewhere with an API key is a destination change: owners are mailed and every page says so; the dashboard asks for the password", async ({
  page,
  apiAs,
}) => {
  const live = apiAs({ "Api-Key": fixtures().keys.live });
  const merchant = await createMerchant(live, { withUsdc: true, name: `Side door ${uniqueTag()}` });
  const settlementId = (await live.get(`/v1/merchants/${merchant.id}/settlements`)).body.crypto[0]
    .id as string;
  expect(
    (
      await live.delete(`/v1/merchants/${merchant.id}/settlements/crypto/${settlementId}`, {
        idempotencyKey: freshKey(),
      })
    ).status,
  ).toBe(200);
  const again = await live.post(
    `/v1/merchants/${merchant.id}/settlements/crypto`,
    { settlements: [{ asset: usdcBase, destination: `eip155:8453:${otherWallet}` }] },
    { idempotencyKey: freshKey() },
  );
  expect(again.status, JSON.stringify(again.body)).toBe(201);

  const alert = await mailbox.current.waitFor(
    fixtures().users.owner.email,
    /^A settlement destination was changed/,
    {
      where: (m) =>
        (m.text ?? "").includes(`New wallet: eip155:8453:${otherWallet}`) &&
        (m.text ?? "").includes(merchant.id),
    },
  );
  expect(alert.text).toContain(`Old wallet: eip155:8453:${sampleAddress}`);
  expect(alert.text).toContain("Changed by: API key “e2e live”");

  await signInAs(page, "owner");
  await page.goto(`/live/merchants/${merchant.id}`);
  const banner = page.getByRole("alert", { name: "Sensitive changes made through the API" });
  // In words (issue 33): the merchant's name, the token and network, short wallets; ids behind Copy id.
  const line = banner
    .getByRole("listitem")
    .filter({ hasText: merchant.name })
    .filter({ hasText: `New wallet: ${otherWallet.slice(0, 6)}…${otherWallet.slice(-4)} on Base` });
  await expect(line).toContainText("A settlement destination was changed");
  await expect(line).toContainText("Asset: USDC on Base");
  await expect(line).toContainText(
    `Old wallet: ${sampleAddress.slice(0, 6)}…${sampleAddress.slice(-4)} on Base`,
  );
  await expect(line).toContainText(`New wallet: ${otherWallet.slice(0, 6)}…${otherWallet.slice(-4)} on Base`);
  await page.screenshot({
    path: test.info().outputPath("live-api-destination-change-banner.png"),
    fullPage: true,
  });

  // The same side door in the dashboard: delete, then add the asset again with another wallet.
  await (
    await hydrated(page.getByTestId("crypto-settlement").getByRole("button", { name: "Remove" }))
  ).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove destination" }).click();
  await expect(page.getByText("No crypto destinations")).toBeVisible();
  await page.getByRole("button", { name: "Add crypto destination" }).click();
  const add = page.getByRole("dialog", { name: "Add a crypto destination" });
  await add.getByLabel("Asset").selectOption({ label: "USDC on Base" });
  await add.getByLabel("Destination wallet").fill(sampleAddress);
  await add.getByRole("button", { name: "Add destination" }).click();
  await expect(reauthDialog(page)).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: test.info().outputPath("live-register-destination-asks-password.png") });
  await confirmItIsYou(page, fixtures().users.owner.password);
  await expect(page.getByTestId("crypto-settlement").first()).toContainText(`eip155:8453:${sampleAddress}`);
  await mailbox.current.waitFor(fixtures().users.owner.email, /^A settlement destination was changed/, {
    where: (m) =>
      (m.text ?? "").includes(`Old wallet: eip155:8453:${otherWallet}`) &&
      (m.text ?? "").includes(`New wallet: eip155:8453:${sampleAddress}`) &&
      (m.text ?? "").includes(fixtures().users.owner.email),
  });

  // A live bank account is where payouts go too: a fresh sign-in is asked.
  await signInAs(page, "admin");
  await page.goto(`/live/merchants/${merchant.id}`);
  await (await hydrated(page.getByRole("button", { name: "Add bank account" }))).click();
  const bank = page.getByRole("dialog", { name: "Add a bank account" });
  await bank.getByLabel("Account holder").fill("Side Door LLC");
  await bank.getByLabel("Routing number (ABA)").fill("021000021");
  await bank.getByLabel("Account number").fill("000123456789");
  await bank.getByRole("button", { name: "Add bank account" }).click();
  await expect(reauthDialog(page)).toBeVisible({ timeout: 20_000 });
  await confirmItIsYou(page, fixtures().users.admin.password);
  await expect(page.getByTestId("fiat-settlement")).toContainText("••••6789");
  await mailbox.current.waitFor(fixtures().users.owner.email, /^A settlement destination was changed/, {
    where: (m) =>
      (m.text ?? "").includes(`Merchant: ${merchant.id}`) &&
      (m.text ?? "").includes("New bank account: ACH 021000021 ••••6789"),
  });
});

test("live: a webhook endpoint's new URL or new secret mails the owners (API) and asks for the password (dashboard); test mode edits as before", async ({
  page,
  apiAs,
}) => {
  const live = apiAs({ "Api-Key": fixtures().keys.live });
  const { id } = await endpoints.add(live, `/side-door-${uniqueTag()}`);
  const moved = endpoints.receiver.url(`/elsewhere-${uniqueTag()}`);
  expect((await live.patch(`/v1/webhook-endpoints/${id}`, { url: moved })).status).toBe(200);
  const changed = await mailbox.current.waitFor(
    fixtures().users.owner.email,
    /^Where webhook events go was changed/,
    { where: (m) => (m.text ?? "").includes(`New URL: ${moved}`) },
  );
  expect(changed.text).toContain(`Endpoint: ${id}`);
  expect((await live.post(`/v1/webhook-endpoints/${id}/rotate-secret`, {})).status).toBe(200);
  await mailbox.current.waitFor(fixtures().users.owner.email, /^Where webhook events go was changed/, {
    where: (m) =>
      (m.text ?? "").includes(`Endpoint: ${id}`) && (m.text ?? "").includes("Change: a new signing secret"),
  });

  // A fresh sign-in has not re-entered its password.
  await signInAs(page, "admin");
  await page.goto(`/live/developers/webhooks/${id}`);
  const url = page.getByLabel("Endpoint URL");
  await url.fill(endpoints.receiver.url(`/back-${uniqueTag()}`));
  await (await hydrated(page.getByRole("button", { name: "Save changes" }))).click();
  await expect(reauthDialog(page)).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: test.info().outputPath("live-webhook-url-asks-password.png") });
  await confirmItIsYou(page, fixtures().users.admin.password);
  await expect(page.getByText("Webhook endpoint saved")).toBeVisible();

  await signInAs(page, "admin");
  await page.goto(`/live/developers/webhooks/${id}`);
  await (await hydrated(page.getByRole("button", { name: "Rotate secret" }))).click();
  await page.getByRole("dialog").getByRole("button", { name: "Rotate secret" }).click();
  await expect(reauthDialog(page)).toBeVisible({ timeout: 20_000 });
  await confirmItIsYou(page, fixtures().users.admin.password);
  await expect(
    page
      .getByRole("dialog")
      .filter({ hasText: "Copy the new signing secret" })
      .getByTestId("new-signing-secret"),
  ).toHaveValue(/^whsec_/);
  await page.screenshot({ path: test.info().outputPath("live-webhook-rotated-after-password.png") });

  // Test mode's endpoints are edited without the password, as before.
  const testKey = apiAs({ "Api-Key": fixtures().keys.test });
  const { id: testId } = await endpoints.add(testKey, `/test-side-${uniqueTag()}`);
  await signInAs(page, "admin");
  await page.goto(`/test/developers/webhooks/${testId}`);
  await page.getByLabel("Endpoint URL").fill(endpoints.receiver.url(`/test-moved-${uniqueTag()}`));
  await (await hydrated(page.getByRole("button", { name: "Save changes" }))).click();
  await expect(page.getByText("Webhook endpoint saved")).toBeVisible();
  await expect(reauthDialog(page)).toHaveCount(0);
});

test("inviting an owner or admin asks for the password and mails the owners; inviting a developer does not", async ({
  page,
}) => {
  await signInAs(page, "owner");
  const invite = async (role: string) => {
    const email = `invitee.${uniqueTag()}@e2e.tollgate.test`;
    await page.goto("/test/team");
    await (await hydrated(page.getByRole("button", { name: "Invite member" }))).click();
    const dialog = page.getByRole("dialog", { name: "Invite a team member" });
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Role").selectOption(role);
    await dialog.getByRole("button", { name: "Create invitation" }).click();
    return email;
  };
  const developer = await invite("developer");
  await expect(page.getByRole("dialog", { name: "Send this invitation link" })).toBeVisible();
  await expect(reauthDialog(page)).toHaveCount(0);
  await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();

  const admin = await invite("admin");
  await expect(reauthDialog(page)).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: test.info().outputPath("invite-admin-asks-password.png") });
  await confirmItIsYou(page, fixtures().users.owner.password);
  await expect(page.getByRole("dialog", { name: "Send this invitation link" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();
  const mail = await mailbox.current.waitFor(fixtures().users.owner.email, /^An owner or admin was invited/, {
    where: (m) => (m.text ?? "").includes(admin),
  });
  expect(mail.text).toContain("Role: admin");
  expect(
    mailbox.current.received.some(
      (m) => /^An owner or admin was invited/.test(m.subject ?? "") && (m.text ?? "").includes(developer),
    ),
  ).toBe(false);
  for (const email of [developer, admin]) {
    await page.getByRole("button", { name: `Revoke invitation for ${email}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke invitation" }).click();
    await expect(page.getByTestId(`invitation-${email}`)).toHaveCount(0);
  }
});
