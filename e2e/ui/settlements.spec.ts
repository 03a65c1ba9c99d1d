import { expect, freshKey, test } from "../support/api";
import { createMerchant, sampleAddress, usdcBase } from "../support/merchants";
import { hydrated } from "../support/hydration";
import { signInAs } from "../support/ui";
import { readFixtures } from "../support/fixtures-data";
import { confirmItIsYou } from "../support/reauth";

// Two real EVM addresses in EIP-55 form, and the first with one letter's case flipped (a typo the
// checksum catches).
const walletA = sampleAddress;
const walletB = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";
const badChecksum = walletA.replace("E", "e");
const ethOnBase = "eip155:8453/slip44:60";

test("the crypto form checks chain, address and duplicates as you type; changing a destination needs the password", async ({
  page,
  api,
}) => {
  const merchant = await createMerchant(api, { name: `Settling ${Date.now()}` });
  await signInAs(page, "owner");
  await page.goto(`/test/merchants/${merchant.id}`);
  await expect(page.getByText("No crypto destinations")).toBeVisible();

  await (await hydrated(page.getByRole("button", { name: "Add crypto destination" }))).click();
  const add = page.getByRole("dialog", { name: "Add a crypto destination" });
  await add.getByLabel("Asset").selectOption({ label: "USDC on Base" });
  const destination = add.getByLabel("Destination wallet");
  // A wallet on Ethereum for an asset on Base: refused before anything is sent.
  await destination.fill(`eip155:1:${walletA}`);
  await expect(
    add.getByText("destination must be on the same chain as asset (eip155:1 vs eip155:8453)"),
  ).toBeVisible();
  await expect(destination).toHaveAttribute("aria-invalid", "true");
  await page.screenshot({ path: test.info().outputPath("crypto-same-chain-error.png") });
  await destination.fill(badChecksum);
  await expect(add.getByText(/invalid EIP-55 checksum/)).toBeVisible();
  await destination.fill("0x1234");
  await expect(add.getByText(/must be an EVM address/)).toBeVisible();
  // A bare address is placed on the asset's chain and saved in checksum form.
  await destination.fill(walletA.toLowerCase());
  await expect(add.getByText(`Will be saved as eip155:8453:${walletA}`)).toBeVisible();
  await expect(add.getByRole("alert")).toHaveCount(0);
  await add.getByRole("button", { name: "Add destination" }).click();
  await expect(add).toBeHidden();
  const rows = page.getByTestId("crypto-settlement");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("USDC on Base");
  await expect(rows.first()).toContainText(`eip155:8453:${walletA}`);

  // Picking it again is flagged before submit, with an offer to change the existing one.
  await page.getByRole("button", { name: "Add crypto destination" }).click();
  await add.getByLabel("Asset").selectOption({ label: "USDC on Base" });
  await expect(add.getByRole("alert")).toContainText(
    `USDC on Base is already registered for this merchant, paid to eip155:8453:${walletA}`,
  );
  await expect(add.getByRole("button", { name: "Add destination" })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath("crypto-conflict.png") });
  await add.getByRole("button", { name: "Change that destination instead" }).click();

  const change = page.getByRole("dialog", { name: "Change the USDC on Base destination" });
  await expect(change.getByLabel("New destination wallet")).toHaveValue(`eip155:8453:${walletA}`);
  await change.getByLabel("New destination wallet").fill(`eip155:10:${walletB}`);
  await expect(
    change.getByText("destination must be on the same chain as asset (eip155:10 vs eip155:8453)"),
  ).toBeVisible();
  await change.getByLabel("New destination wallet").fill(walletB);
  await change.getByRole("button", { name: "Change destination" }).click();
  // Pointing money elsewhere asks who it is first: a wrong password is refused there, nothing changes.
  const reauth = page.getByRole("dialog", { name: "Confirm it is you" });
  await reauth.getByLabel("Your password").fill("not my password");
  await reauth.getByRole("button", { name: "Confirm" }).click();
  await expect(reauth.getByText("That password is not correct.")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("crypto-change-wrong-password.png") });
  await expect(rows.first()).toContainText(walletA);
  await confirmItIsYou(page, readFixtures().accounts.a.users.owner.password);
  await expect(change).toBeHidden();
  await expect(rows.first()).toContainText(`eip155:8453:${walletB}`);
  const listed = await api.get(`/v1/merchants/${merchant.id}/settlements`);
  expect(listed.body.crypto).toEqual([
    expect.objectContaining({ asset: usdcBase, destination: `eip155:8453:${walletB}` }),
  ]);
  await page.goto("/test/audit-log?action=crypto_settlement.updated");
  await expect(page.getByTestId("audit-entry").first()).toContainText(listed.body.crypto[0].id);
  await page.goBack();
  await hydrated(page.getByRole("button", { name: "Add crypto destination" }));

  // Registered elsewhere (here through the API) after the form opened: the server's conflict is
  // shown at the asset, and the page then offers to edit the one that won.
  await page.getByRole("button", { name: "Add crypto destination" }).click();
  await add.getByLabel("Asset").selectOption({ label: "ETH on Base" });
  await add.getByLabel("Destination wallet").fill(walletA);
  const raced = await api.post(
    `/v1/merchants/${merchant.id}/settlements/crypto`,
    { settlements: [{ asset: ethOnBase, destination: `eip155:8453:${walletB}` }] },
    { idempotencyKey: freshKey() },
  );
  expect(raced.status).toBe(201);
  await add.getByRole("button", { name: "Add destination" }).click();
  await expect(
    add.getByText(`Asset already registered for this merchant: ${ethOnBase}. Nothing was registered.`),
  ).toBeVisible();
  await expect(add.getByRole("button", { name: "Change that destination instead" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("crypto-server-conflict.png") });
  await page.keyboard.press("Escape");
  await expect(rows).toHaveCount(2);

  // A custom CAIP-19 id, checked as typed, with a bare address placed on its chain.
  await page.getByRole("button", { name: "Add crypto destination" }).click();
  await add.getByLabel("Asset").selectOption({ label: "Custom CAIP-19 asset id…" });
  const custom = add.getByLabel("CAIP-19 asset id");
  await custom.fill("eip155:10/erc20:0x123");
  await expect(add.getByText(/erc20 token contract must be an EVM address/)).toBeVisible();
  const token = "0x4200000000000000000000000000000000000042";
  await custom.fill(`eip155:10/erc20:${token}`);
  // The token's own contract is certainly not a wallet: refused, the reason beside the field.
  await add.getByLabel("Destination wallet").fill(token);
  await add.getByRole("button", { name: "Add destination" }).click();
  await expect(add.locator("#destination-error")).toHaveText(
    "This is the token's own contract, not a wallet: tokens sent to it are usually lost.",
  );
  await add.getByLabel("Destination wallet").fill(walletA);
  await expect(add.getByText(`Will be saved as eip155:10:${walletA}`)).toBeVisible();
  // A token Tollgate does not know may be intended: the user sees why and confirms.
  await add.getByRole("button", { name: "Add destination" }).click();
  await expect(add.getByRole("alert").filter({ hasText: "Check before adding" })).toContainText(
    `does not know eip155:10/erc20:${token} by name`,
  );
  await page.screenshot({ path: test.info().outputPath("crypto-unknown-token-warning.png") });
  await expect(rows).toHaveCount(2);
  await add.getByRole("button", { name: "Add anyway" }).click();
  await expect(add).toBeHidden();
  await expect(rows).toHaveCount(3);
  // Named by its short address on its network; the full id is behind a copy button (issue 33).
  await expect(rows.nth(2)).toContainText(`Token ${token.slice(0, 6)}…${token.slice(-4)} on Optimism`);
  await expect(rows.nth(2).getByRole("button", { name: "Copy token id" })).toBeVisible();

  // Removing asks first.
  await rows.nth(2).getByRole("button", { name: "Remove" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove destination" }).click();
  await expect(rows).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath("crypto-settlements.png"), fullPage: true });
});

test("a bank account needs a valid ABA routing number, and its number is only ever shown masked", async ({
  page,
  api,
}) => {
  const merchant = await createMerchant(api, { name: `Banking ${Date.now()}` });
  await signInAs(page, "admin");
  await page.goto(`/test/merchants/${merchant.id}`);
  await (await hydrated(page.getByRole("button", { name: "Add bank account" }))).click();
  const add = page.getByRole("dialog", { name: "Add a bank account" });
  await add.getByRole("button", { name: "Add bank account" }).click();
  await expect(add.getByText("Enter the account holder's name.")).toBeVisible();
  await expect(add.getByText("A routing number is exactly 9 digits.")).toBeVisible();
  await expect(add.getByText("An account number is 4 to 17 digits.")).toBeVisible();

  await add.getByLabel("Account holder").fill("Banking Shop LLC");
  // 021000021 with its last digit changed: nine digits, wrong check digit.
  await add.getByLabel("Routing number (ABA)").fill("021000022");
  await expect(add.getByText(/not a valid routing number/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("fiat-routing-error.png") });
  await add.getByLabel("Routing number (ABA)").fill("021000021");
  await expect(add.getByText(/not a valid routing number/)).toBeHidden();
  await add.getByLabel("Account number").fill("000123456789");
  await add.getByLabel("Savings").check();
  await add.getByRole("button", { name: "Add bank account" }).click();
  await expect(add).toBeHidden();

  const row = page.getByTestId("fiat-settlement");
  await expect(row).toContainText("Banking Shop LLC");
  await expect(row).toContainText("Savings ••••6789");
  await expect(row).toContainText("021000021");

  // The same bank account again is refused beside the account number, and nothing is added.
  await (await hydrated(page.getByRole("button", { name: "Add bank account" }))).click();
  await add.getByLabel("Account holder").fill("Banking Shop LLC");
  await add.getByLabel("Routing number (ABA)").fill("021000021");
  await add.getByLabel("Account number").fill("000123456789");
  await add.getByRole("button", { name: "Add bank account" }).click();
  await expect(
    add.getByText("This bank account (routing 021000021, ••••6789) is already registered for this merchant."),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("fiat-duplicate-error.png") });
  await add.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toHaveCount(1);
  expect(await page.content()).not.toContain("000123456789");
  await page.reload();
  expect(await page.content()).not.toContain("000123456789");
  await expect(page.getByTestId("fiat-settlement")).toContainText("••••6789");
  const listed = await api.get(`/v1/merchants/${merchant.id}/settlements`);
  expect(listed.body.fiat).toEqual([
    expect.objectContaining({
      bankType: "ACH",
      status: "active",
      accountNumberLast4: "6789",
      accountType: "savings",
    }),
  ]);
  expect(JSON.stringify(listed.body)).not.toContain("000123456789");
  await page.screenshot({ path: test.info().outputPath("fiat-settlement.png"), fullPage: true });
  await page.goto("/test/audit-log?action=fiat_settlement.created");
  await expect(page.getByTestId("audit-entry").first()).toContainText(listed.body.fiat[0].id);
  expect(await page.content()).not.toContain("000123456789");
  await page.goBack();
  await hydrated(row.getByRole("button", { name: "Remove" }));
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("merchant-settlements-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await row.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("dialog", { name: "Remove the account ••••6789?" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Remove bank account" }).click();
  await expect(page.getByText("No bank accounts")).toBeVisible();
});

test("roles without settlements.write see settlements but no way to change them", async ({ page, api }) => {
  const merchant = await createMerchant(api, { withUsdc: true, name: `Read only ${Date.now()}` });
  for (const role of ["developer", "support"] as const) {
    await page.context().clearCookies();
    await signInAs(page, role);
    await page.goto(`/test/merchants/${merchant.id}`);
    await expect(page.getByText("USDC on Base")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add crypto destination" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add bank account" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Change destination/ })).toHaveCount(0);
  }
});
