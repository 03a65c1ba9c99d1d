import type { Page } from "@playwright/test";
import { expect, freshKey, test } from "../support/api";
import { createMerchant, sampleAddress, usdcBase } from "../support/merchants";
import { actionArgs, captureServerAction, replayServerAction } from "../support/server-action";
import { signInAs } from "../support/ui";

// An API key never carries more than its creator may do in the dashboard: a developer (who may not
// change settlements or refund) cannot mint a key that does either.

async function openCreateDialog(page: Page, mode: "test" | "live") {
  await page.goto(`/${mode}/developers`);
  await page.getByRole("button", { name: `Create ${mode} key` }).click();
  return page.getByRole("dialog");
}

const otherWallet = "0x000000000000000000000000000000000000bEEF";

test("a developer's key cannot change a destination, register a settlement or refund; it can integrate payments", async ({
  page,
  api,
  apiAs,
}) => {
  // A merchant with a settlement and a succeeded test payment, made with the owner's full key.
  const merchant = await createMerchant(api, { withUsdc: true });
  const settlements = await api.get(`/v1/merchants/${merchant.id}/settlements`);
  const settlementId = settlements.body.crypto[0].id as string;
  const paid = await api.post(
    "/v1/payments",
    { referenceId: `scope-${Date.now()}`, amount: { unit: "iso4217/USD", value: "1000" } },
    { merchantId: merchant.id },
  );
  expect(paid.status).toBe(201);
  expect(
    (await api.post(`/v1/test/payments/${paid.body.id}/simulate`, { outcome: "succeeded" })).status,
  ).toBe(200);

  await signInAs(page, "developer");
  for (const mode of ["live", "test"] as const) {
    const dialog = await openCreateDialog(page, mode);
    // The ceiling is visible: what the role cannot grant is disabled and unticked.
    await expect(dialog.getByRole("checkbox", { name: "Settlements: write" })).toBeDisabled();
    await expect(dialog.getByRole("checkbox", { name: "Refunds: write" })).toBeDisabled();
    await expect(dialog.getByRole("checkbox", { name: "Settlements: write" })).not.toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: "Payments: write" })).toBeChecked();
    await expect(dialog).toContainText(
      "Your role (developer) cannot give a key settlements.write, refunds.write",
    );
    if (mode === "live") {
      await page.screenshot({ path: test.info().outputPath("api-key-scopes-developer.png") });
      await dialog.getByRole("button", { name: "Cancel" }).click();
    }
  }

  const dialog = page.getByRole("dialog");
  const name = `Developer key ${Date.now()}`;
  await dialog.getByLabel("Name").fill(name);
  const action = await captureServerAction(page, () =>
    dialog.getByRole("button", { name: "Create key" }).click(),
  );
  await expect(dialog.getByRole("heading", { name: "Copy your new API key" })).toBeVisible();
  const key = await dialog.getByTestId("new-api-key").inputValue();
  await dialog.getByRole("button", { name: "I have stored it" }).click();
  await expect(page.getByRole("row").filter({ hasText: name }).getByTestId("api-key-access")).toHaveText(
    "Merchants: write · Settlements: read · Payments: write · Refunds: read · Webhooks: write",
  );

  const developerKey = apiAs({ "Api-Key": key });
  const refused = [
    await developerKey.put(
      `/v1/merchants/${merchant.id}/settlements/crypto/${settlementId}`,
      { destination: `eip155:8453:${otherWallet}` },
      { idempotencyKey: freshKey() },
    ),
    await developerKey.post(
      `/v1/merchants/${merchant.id}/settlements/crypto`,
      {
        settlements: [
          {
            asset: "eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
            destination: `eip155:1:${otherWallet}`,
          },
        ],
      },
      { idempotencyKey: freshKey() },
    ),
    await developerKey.post("/v1/refunds", { paymentId: paid.body.id }),
  ];
  for (const response of refused) {
    expect(response.status).toBe(403);
    expect(response.body.code).toBe("forbidden");
  }
  // Nothing moved: the destination is the original wallet, no settlement was added, nothing was refunded.
  const after = await api.get(`/v1/merchants/${merchant.id}/settlements`);
  expect(after.body.crypto).toEqual([
    expect.objectContaining({
      id: settlementId,
      asset: usdcBase,
      destination: `eip155:8453:${sampleAddress}`,
    }),
  ]);
  expect((await api.get(`/v1/payments/${paid.body.id}`, { merchantId: merchant.id })).body.status).toBe(
    "succeeded",
  );
  expect((await api.get(`/v1/refunds?paymentId=${paid.body.id}`)).body.data).toEqual([]);

  // What a developer integrates still works with the key.
  expect((await developerKey.get(`/v1/merchants/${merchant.id}/settlements`)).status).toBe(200);
  expect(
    (
      await developerKey.post(
        "/v1/payments",
        { referenceId: "dev-integration", amount: { unit: "iso4217/USD", value: "500" } },
        { merchantId: merchant.id },
      )
    ).status,
  ).toBe(201);

  // Calling the create action directly with the withheld permissions is refused, and no key is made.
  const args = actionArgs(action)[0]!;
  expect(args.permissions).not.toContain("settlements.write");
  const forged = await replayServerAction(page, action, [
    { ...args, name: `${name} forged`, permissions: ["settlements.write", "refunds.write"] },
  ]);
  expect(forged).toContain('"code":"forbidden"');
  expect(forged).toContain("Your role (developer) cannot give a key settlements.write, refunds.write.");
  expect(forged).not.toContain("svc_test_");
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: `${name} forged` })).toHaveCount(0);
});

test("an owner's key may move settlements; a change made with it is shown to owners and recorded", async ({
  page,
  apiAs,
}) => {
  await signInAs(page, "owner");
  const dialog = await openCreateDialog(page, "test");
  // Every box is allowed for an owner; a key needs at least one.
  await expect(dialog.getByRole("checkbox", { name: "Settlements: write" })).toBeEnabled();
  for (const box of await dialog.getByRole("checkbox").all()) await box.uncheck();
  await dialog.getByLabel("Name").fill(`Empty ${Date.now()}`);
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog.getByText("Give the key access to at least one resource.")).toBeVisible();

  for (const box of await dialog.getByRole("checkbox").all()) await box.check();
  const name = `Treasury bot ${Date.now()}`;
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Create key" }).click();
  const key = await dialog.getByTestId("new-api-key").inputValue();
  await dialog.getByRole("button", { name: "I have stored it" }).click();
  await expect(page.getByRole("row").filter({ hasText: name }).getByTestId("api-key-access")).toHaveText(
    "Full access",
  );

  const ownerKey = apiAs({ "Api-Key": key });
  const merchant = await createMerchant(ownerKey, { withUsdc: true });
  const settlementId = (await ownerKey.get(`/v1/merchants/${merchant.id}/settlements`)).body.crypto[0]
    .id as string;
  const changed = await ownerKey.put(
    `/v1/merchants/${merchant.id}/settlements/crypto/${settlementId}`,
    { destination: `eip155:8453:${otherWallet}` },
    { idempotencyKey: freshKey() },
  );
  expect(changed.status).toBe(200);

  await page.goto("/test");
  const alert = page.getByRole("alert", { name: "Sensitive changes made through the API" });
  // In words (issue 33): the merchant's name, the token and network, short wallets; ids behind Copy id.
  await expect(alert).toContainText(
    `API key “${name}”: A settlement destination was changed (${merchant.name}) · Asset: USDC on Base`,
  );
  await expect(alert).toContainText(
    `Old wallet: ${sampleAddress.slice(0, 6)}…${sampleAddress.slice(-4)} on Base`,
  );
  await expect(alert).toContainText(
    `New wallet: ${otherWallet.slice(0, 6)}…${otherWallet.slice(-4)} on Base`,
  );
  await expect(alert).not.toContainText(usdcBase);
  await page.screenshot({ path: test.info().outputPath("api-destination-change-alert.png"), fullPage: true });
  await alert.getByRole("link", { name: /audit log$/ }).click();
  await expect(page.getByRole("row").filter({ hasText: "crypto_settlement.updated" }).first()).toContainText(
    name,
  );
});
