import { expect, test } from "../support/api";
import { readFixtures } from "../support/fixtures-data";
import { hydrated } from "../support/hydration";
import { createMerchant } from "../support/merchants";
import { baseURL } from "../support/settings";
import { linkIn, startMailbox, uniqueTag, type Mailbox } from "../support/smtp";
import { confirmedOwnerSignedIn, signInAs } from "../support/ui";

let mailbox: Mailbox;
test.beforeAll(async () => {
  mailbox = await startMailbox();
});
test.afterAll(async () => {
  await mailbox?.close();
});

const receiptPathOf = (html: string) => /"receiptUrl":"(\/receipt\/[0-9A-Za-z]+)"/.exec(html)?.[1];

test("a succeeded payment's receipt is linked from the checkout, mailed to the buyer, shows what was paid and its refunds, and runs no script", async ({
  page,
  api,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Test mode mails receipts only to the team's own (verified) addresses.
  const buyer = readFixtures().accounts.a.users.developer.email;
  const merchant = await createMerchant(api, { withUsdc: true, name: "Receipt Roasters" });
  const created = await api.post(
    "/v1/payments",
    { referenceId: `rcpt-${Date.now()}`, amount: { unit: "iso4217/USD", value: "1050" }, buyerEmail: buyer },
    { merchantId: merchant.id },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const paymentId = created.body.id as string;
  const checkoutPath = `/pay/${paymentId}`;

  // Before the payment succeeded there is no receipt, though the checkout knows where it will be.
  const receiptPath = receiptPathOf(await (await page.request.get(checkoutPath)).text())!;
  expect(receiptPath).toMatch(/^\/receipt\/[0-9A-Za-z]{32}$/);
  expect(receiptPath).not.toContain(paymentId);
  expect((await page.request.get(receiptPath)).status()).toBe(404);
  await page.goto(checkoutPath);
  await expect(page.getByTestId("receipt-link")).toHaveCount(0);

  expect((await api.post(`/v1/test/payments/${paymentId}/simulate`, { outcome: "succeeded" })).status).toBe(
    200,
  );
  // The open checkout sees the success by itself and links the receipt.
  await expect(page.getByTestId("payment-outcome")).toHaveAttribute("data-status", "succeeded", {
    timeout: 15_000,
  });
  await expect(page.getByTestId("receipt-link")).toHaveAttribute("href", receiptPath);
  await page.screenshot({
    path: test.info().outputPath("checkout-succeeded-receipt-link-390.png"),
    fullPage: true,
  });
  await page.getByTestId("receipt-link").click();
  await expect(page).toHaveURL(`${baseURL}${receiptPath}`);

  const receipt = page.getByTestId("receipt");
  await expect(receipt.getByTestId("merchant-name")).toHaveText("Receipt Roasters");
  await expect(receipt.getByTestId("receipt-amount")).toHaveText("$10.50");
  await expect(receipt.getByTestId("receipt-paid")).toHaveText(/^[0-9.]+ USDC$/);
  await expect(receipt.getByTestId("receipt-network")).toHaveText("Base");
  await expect(receipt.getByTestId("receipt-rate")).toHaveText(/^1 USDC = [0-9]+\.[0-9]+ USD$/);
  await expect(receipt.getByTestId("receipt-tx")).toHaveText(`test:${paymentId}`);
  await expect(receipt.getByTestId("receipt-refunds")).toContainText("None.");
  expect(await page.locator("script").count()).toBe(0);
  await page.screenshot({ path: test.info().outputPath("receipt-390.png"), fullPage: true });

  // A refund shows on the receipt.
  expect(
    (
      await api.post("/v1/refunds", {
        paymentId,
        amount: { unit: "iso4217/USD", value: "300" },
        reason: "one cup short",
      })
    ).status,
  ).toBe(200);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.reload();
  await expect(receipt.getByTestId("receipt-refunds")).toContainText("$3.00 · succeeded");
  await page.screenshot({ path: test.info().outputPath("receipt-1366.png"), fullPage: true });
  await page.emulateMedia({ media: "print" });
  await expect(page.getByText("save it as a PDF")).toBeHidden();
  await page.screenshot({ path: test.info().outputPath("receipt-print.png"), fullPage: true });
  await page.emulateMedia({ media: "screen" });

  // The mail carries the same link.
  const mail = await mailbox.waitFor(
    buyer,
    new RegExp(`^\\[Test\\] Your receipt from Tollgate \\(${paymentId}\\)$`),
  );
  expect(linkIn(mail, `${baseURL}/receipt/`)).toBe(`${baseURL}${receiptPath}`);
  expect(mail.text).toContain("$10.50");
});

test("an unknown or malformed receipt token is a 404 page", async ({ page }) => {
  for (const token of ["A".repeat(32), "short", "pay_AAAAAAAAAAAAAAAAAAAAAAAA"]) {
    const response = await page.goto(`/receipt/${token}`);
    expect(response!.status(), token).toBe(404);
    await expect(page.getByRole("heading", { name: "Receipt not found" })).toBeVisible();
  }
  await page.screenshot({ path: test.info().outputPath("receipt-not-found.png") });
});

test("test mode: a receipt to an address outside the team is kept in the outbox, not mailed, and the API and the payment's page say so; merchant text stays out of subjects", async ({
  page,
  api,
}) => {
  const stranger = `stranger.${uniqueTag()}@buyer.example`;
  const teammate = readFixtures().accounts.a.users.support.email;
  const merchant = await createMerchant(api, {
    withUsdc: true,
    name: `<b>Win</b> a prize at http://evil.example ${uniqueTag()}`,
  });
  const pay = async (buyerEmail: string) => {
    const created = await api.post(
      "/v1/payments",
      { referenceId: `FREE-MONEY-${uniqueTag()}`, amount: { unit: "iso4217/USD", value: "100" }, buyerEmail },
      { merchantId: merchant.id },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { id: string; warnings?: { code: string; message: string }[] };
  };
  const toStranger = await pay(stranger);
  expect(toStranger.warnings).toEqual([
    { code: "receipt_not_mailed", message: expect.stringContaining("kept in the dev outbox") },
  ]);
  const toTeammate = await pay(teammate);
  expect(toTeammate.warnings).toBeUndefined();
  // The stranger's payment succeeds first; the teammate's receipt, queued after it, arriving proves the first was not sent.
  for (const { id } of [toStranger, toTeammate])
    expect((await api.post(`/v1/test/payments/${id}/simulate`, { outcome: "succeeded" })).status).toBe(200);
  const mail = await mailbox.waitFor(
    teammate,
    new RegExp(`^\\[Test\\] Your receipt from Tollgate \\(${toTeammate.id}\\)$`),
  );
  expect(mail.subject).not.toContain("Win");
  expect(mail.html).toContain("&lt;b&gt;Win&lt;/b&gt;");
  expect(mailbox.received.some((m) => [m.to].flat().some((to) => to?.text.includes(stranger)))).toBe(false);

  await signInAs(page, "owner");
  await page.goto(`/test/payments/${toStranger.id}`);
  await expect(page.getByTestId("receipt-kept")).toContainText(
    "Test mode mails receipts only to your team's verified addresses",
  );
  await page.screenshot({ path: test.info().outputPath("payment-receipt-kept.png"), fullPage: true });
  await page.goto("/test/settings/outbox");
  const kept = page.getByTestId("outbox-mail").filter({ hasText: `To ${stranger}` });
  await expect(kept).toContainText("kept");
  await expect(kept).toContainText(
    "not sent: test-mode receipts are mailed only to your team's verified addresses",
  );
  await expect(kept).toContainText(`[Test] Your receipt from Tollgate (${toStranger.id})`);
  await page.screenshot({ path: test.info().outputPath("outbox-receipt-kept.png"), fullPage: true });
});

test("receipts are limited per account: past RECEIPTS_PER_HOUR_TEST a payment asking for one is 429 with Retry-After; one without is still made", async ({
  page,
  apiAs,
}) => {
  // An account of its own, so the limit it reaches holds back no other test.
  const tag = uniqueTag();
  await confirmedOwnerSignedIn(page, {
    accountName: `Receipts ${tag}`,
    name: "Rita Receipts",
    email: `rita.${tag}@e2e.tollgate.test`,
    password: `pw-receipts-${tag}`,
  });
  await page.goto("/test/developers");
  await (await hydrated(page.getByRole("button", { name: "Create test key" }))).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("receipts");
  for (const box of await dialog.getByRole("checkbox").all()) await box.check();
  await dialog.getByRole("button", { name: "Create key" }).click();
  const api = apiAs({ "Api-Key": await dialog.getByTestId("new-api-key").inputValue() });
  const merchant = await createMerchant(api, { withUsdc: true });
  const create = (buyerEmail?: string) =>
    api.post(
      "/v1/payments",
      {
        referenceId: `r-${uniqueTag()}`,
        amount: { unit: "iso4217/USD", value: "100" },
        ...(buyerEmail ? { buyerEmail } : {}),
      },
      { merchantId: merchant.id },
    );

  const limit = 50; // RECEIPTS_PER_HOUR_TEST's default
  for (let i = 0; i < limit; i++) expect((await create(`buyer${i}@buyer.example`)).status).toBe(201);
  const refused = await create("one.more@buyer.example");
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({
    code: "rate_limited",
    message: expect.stringContaining("receipts in the last hour"),
    details: { fields: { buyerEmail: expect.any(String) } },
  });
  expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  expect((await create()).status).toBe(201);
});
