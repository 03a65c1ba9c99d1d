import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { address } from "@solana/kit";
import { expect, test } from "../support/api";
import { createMerchant } from "../support/merchants";
import { hydrated } from "../support/hydration";
import { signInAs } from "../support/ui";
import { localSolanaChainId, solanaTestMints } from "../support/solana-settings";
import { newSolanaWallet } from "../support/solana-wallet";

// The dashboard registers a Solana destination and refuses the ones that would lose the money,
// on a phone-sized screen.

test("a Solana USDC destination: the mint, an off-curve address and an EVM address are refused beside the field; a wallet is saved", async ({
  page,
  api,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const merchant = await createMerchant(api, { name: `Solana ${Date.now()}` });
  const wallet = (await newSolanaWallet()).address;
  const [tokenAccount] = await findAssociatedTokenPda({
    owner: wallet,
    mint: address(solanaTestMints.USDC),
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
  await signInAs(page, "owner");
  await page.goto(`/test/merchants/${merchant.id}`);
  await (await hydrated(page.getByRole("button", { name: "Add crypto destination" }))).click();
  const add = page.getByRole("dialog", { name: "Add a crypto destination" });
  await add.getByLabel("Asset").selectOption({ label: "USDC on Solana" });
  const destination = add.getByLabel("Destination wallet");

  // Not a Solana address: refused as typed.
  await destination.fill("0x52908400098527886E0F7030069857D2E4169EE7");
  await expect(add.getByText(/must be a Solana address/)).toBeVisible();
  await expect(destination).toHaveAttribute("aria-invalid", "true");

  // The mint itself, then a token account (off the curve): refused by the server, the reason beside the field.
  await destination.fill(solanaTestMints.USDC);
  await add.getByRole("button", { name: "Add destination" }).click();
  await expect(add.locator("#destination-error")).toHaveText(
    "This is the token's own mint, not a wallet: tokens sent to it are lost.",
  );
  await destination.fill(tokenAccount);
  await add.getByRole("button", { name: "Add destination" }).click();
  await expect(add.locator("#destination-error")).toContainText("is off the ed25519 curve");
  await page.screenshot({ path: test.info().outputPath("solana-off-curve-refused.png") });

  await destination.fill(wallet);
  await expect(add.getByText(`Will be saved as ${localSolanaChainId}:${wallet}`)).toBeVisible();
  await add.getByRole("button", { name: "Add destination" }).click();
  await expect(add).toBeHidden();
  const rows = page.getByTestId("crypto-settlement");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(wallet);
  const settled = await api.get(`/v1/merchants/${merchant.id}/settlements`);
  expect(JSON.stringify(settled.body)).toContain(`${localSolanaChainId}:${wallet}`);
  await page.screenshot({ path: test.info().outputPath("solana-destination-saved.png"), fullPage: true });
});
