import { expect, test } from "@playwright/test";
import { formatUnits } from "viem";
import { LocalChain, localCaip2, relayerAddress } from "../support/chain";
import { localChainRpc } from "../support/settings";
import { localSolanaChainId, solanaRelayer } from "../support/solana-settings";
import { setSolBalance, solBalance } from "../support/solana-wallet";
import { signInAs } from "../support/ui";

const chain = new LocalChain(localChainRpc);

test("the live developers page shows each chain's gasless relayer and its gas (the Solana fee payer's SOL beside them), and warns when it runs low", async ({
  page,
}) => {
  await signInAs(page, "developer");
  await page.goto("/live/developers");
  const row = page.getByTestId(`relayer-${localCaip2}`);
  await expect(row).toContainText(relayerAddress);
  await expect(row).toContainText(" ETH");
  await expect(row.getByRole("alert")).toHaveCount(0);
  // Beside it, the Solana cluster's fee payer and its SOL, as the cluster reports it.
  const feePayer = page.getByTestId(`relayer-${localSolanaChainId}`);
  const payer = (await solanaRelayer()).address;
  await expect(feePayer).toContainText(payer);
  await expect(feePayer).toContainText(`${formatUnits(await solBalance(payer), 9)} SOL`);
  await expect(feePayer.getByRole("alert")).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("relayers.png"), fullPage: true });

  const funds = await chain.public.getBalance({ address: relayerAddress });
  await chain.setBalance(relayerAddress, 1_000n);
  try {
    await page.reload();
    await expect(row.getByRole("alert")).toContainText("Low: fewer than 20 payments' gas left.");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath("relayers-low-390.png"), fullPage: true });
  } finally {
    await chain.setBalance(relayerAddress, funds);
  }

  // The Solana fee payer's warning speaks of its fees and rent, in SOL.
  const lamports = await solBalance(payer);
  await setSolBalance(payer, 10_000n);
  try {
    await page.reload();
    await expect(feePayer).toContainText("0.00001 SOL");
    await expect(feePayer.getByRole("alert")).toContainText(
      "Low: less SOL than 20 payments' fees and token-account rent. Send SOL to the fee payer",
    );
    // "Gasless" is the product's name for relayed payments; gas itself is an EVM word.
    await expect(feePayer.getByRole("alert")).not.toContainText(/\bgas\b/i);
    await page.screenshot({ path: test.info().outputPath("relayers-solana-low-390.png"), fullPage: true });
  } finally {
    await setSolBalance(payer, lamports);
  }

  // Test mode submits nothing on-chain, so it has no relayers to show.
  await page.goto("/test/developers");
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Gasless relayers" })).toHaveCount(0);
});
